import FlowShellPlugin
import Foundation
import Trips

// The Trips module's screens, unchanged, served over the plugin protocol.
exit(await PluginServer.run([TripsModule.module]))
