/// The page, its script, styles and icon, and the page that refuses a wrong token, compiled
/// into the program (Package.swift embeds `Page/*`), so that the server needs no folder beside
/// it and users no build step. Both pages open with `head.html` (the document's start, its
/// metadata, icon and styles), written once; `index.html` and `refused.html` go on from there.
enum PageAssets {
    static let page: [UInt8] = PackageResources.head_html + PackageResources.index_html
    static let script: [UInt8] = PackageResources.app_js
    static let styles: [UInt8] = PackageResources.style_css
    static let icon: [UInt8] = PackageResources.favicon_svg
    static let refusal: [UInt8] = PackageResources.head_html + PackageResources.refused_html
}
