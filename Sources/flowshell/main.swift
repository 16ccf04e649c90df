import CarSharingApp
import FlowShell

#if FLOWSHELL_DATABASE
import FlowShellPostgres
#endif

// `linkedFeatureModules` is generated at build time from this target's dependencies. Built with
// the servers, the terminal takes `--database` as they do; without them (FLOWSHELL_WITHOUT_WEB),
// it keeps its records in its data folder.
#if FLOWSHELL_DATABASE
await FlowShellMain.main(identity: CarSharing.identity, modules: linkedFeatureModules, database: PostgresDriver())
#else
await FlowShellMain.main(identity: CarSharing.identity, modules: linkedFeatureModules)
#endif
