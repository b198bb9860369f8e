// `import Tabsnap` brings the whole pipeline: model, spec files, geometry, draw list, renderer, PNG.
@_exported import TabsnapCairo
@_exported import TabsnapDraw
@_exported import TabsnapGeometry
@_exported import TabsnapModel
@_exported import TabsnapPNG
@_exported import TabsnapSpec
@_exported import TabsnapAnimation
@_exported import TabsnapSequence
@_exported import TabsnapCompare
@_exported import TabsnapFiles
