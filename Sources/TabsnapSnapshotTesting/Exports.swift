// What a test file importing only `TabsnapSnapshotTesting` (and `SnapshotTesting`) needs to
// build a bar: the library's model and spec reader (`Bar`, `SpecLoader`, `BarTransition`), as
// the README's setup shows.
@_exported import Tabsnap
