import Tabsnap
import TabsnapCommandLine
import TinderComponents

// The app's own `tabsnap`: every command, with specs that can name the app's components.
TabsnapCommandLine.main(components: TinderComponents.registry)
