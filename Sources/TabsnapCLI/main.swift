import TabsnapCommandLine

// `tabsnap`: the command line with the built-in components only.
TabsnapCommandLine.main()
