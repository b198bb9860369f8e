import Foundation
import TabsnapCairo
import TabsnapGeometry
import TabsnapModel

extension Renderer {
    /// The calling thread's own renderer, made on its first use there: for code called from many
    /// threads at once (tests running in parallel) without ever sharing a renderer between threads.
    public static func forCurrentThread(layoutManager: LayoutManager = DefaultLayoutManager()) -> Renderer {
        let key = "tabsnap.renderer"
        let dictionary = Thread.current.threadDictionary
        let renderer = dictionary[key] as? Renderer ?? Renderer()
        dictionary[key] = renderer
        renderer.layoutManager = layoutManager
        return renderer
    }
}
