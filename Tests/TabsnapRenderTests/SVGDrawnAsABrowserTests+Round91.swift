import Foundation
import XCTest

/// Hostile round 91: numbers with a unit where a browser takes none (an opacity, a stop's offset:
/// librsvg reads `0.3px` as 0.3, a browser drops it), and a transfer function librsvg cannot read,
/// which drops the whole `<feComponentTransfer>` where a browser applies the others.
extension SVGDrawnAsABrowserTests {
    func testUnitsABrowserDropsAndUnreadableTransferFunctionsAreRefused() {
        let rect = "<rect width=\"20\" height=\"20\" fill=\"blue\""
        for (written, words) in [(rect + " opacity=\"0.3px\"/>", "opacity 0.3px, a number with a unit"),
                                 (rect + " style=\"fill-opacity:.3PX\"/>", "fill-opacity .3px, a number with a unit"),
                                 ("<style>rect{stroke-opacity:0.5px}</style>" + rect + " stroke=\"red\"/>", "stroke-opacity 0.5px"),
                                 ("<linearGradient id=\"g\"><stop offset=\"0.3px\" stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\"/></linearGradient>"
                                  + "<rect width=\"20\" height=\"20\" fill=\"url(#g)\"/>", "<stop offset=\"0.3px\">: not a number or a percentage"),
                                 ("<linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"red\" stop-opacity=\"0.2px\"/></linearGradient>"
                                  + "<rect width=\"20\" height=\"20\" fill=\"url(#g)\"/>", "stop-opacity 0.2px")] {
            refused(written, words)
        }
        let circle = "<circle cx=\"12\" cy=\"12\" r=\"8\" fill=\"#0088FF\" filter=\"url(#t)\"/>"
        for (function, words) in [("<feFuncA type=\"table\" tableValues=\"\"/>", "<feFuncA tableValues=\"\">: not numbers"),
                                  ("<feFuncB type=\"discrete\" tableValues=\"0,1,\"/>", "<feFuncB tableValues=\"0,1,\">: not numbers"),
                                  ("<feFuncA type=\"linear\" slope=\"x\"/>", "<feFuncA slope=\"x\">: not a number"),
                                  ("<feFuncG type=\"identity\" tableValues=\"x\"/>", "<feFuncG tableValues=\"x\">: not numbers"),
                                  ("<feFuncR type=\"linear\" slope=\"0%\"/>", "<feFuncR slope=\"0%\">: not a number")] {
            refused("<filter id=\"t\"><feComponentTransfer>\(function)<feFuncR type=\"linear\" slope=\"0\" intercept=\"1\"/></feComponentTransfer></filter>"
                    + circle, words)
        }
        refused("<filter id=\"t\"><feMorphology radius=\"2px\"/></filter>" + circle, "<feMorphology radius=\"2px\">: not one or two numbers as a browser reads them")
        // Plain numbers, percentages and lists draw.
        drawAlike(rect + " opacity=\"30%\"/>", rect + " opacity=\"0.3\"/>")
        drawAlike("<filter id=\"t\"><feComponentTransfer><feFuncA type=\"table\" tableValues=\"0, 1\"/><feFuncR type=\"linear\" slope=\" 1 \"/>"
                  + "</feComponentTransfer></filter>" + circle,
                  "<filter id=\"t\"><feComponentTransfer><feFuncA type=\"table\" tableValues=\"0 1\"/><feFuncR type=\"linear\" slope=\"1\"/>"
                  + "</feComponentTransfer></filter>" + circle)
    }
}
