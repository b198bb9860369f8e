// swift-tools-version:6.0
import PackageDescription

// Tabsnap: headless tab-bar rendering (PNG, SVG, PDF) with the Tabman model.
//
// Data flows through one target per stage:
//   TabsnapSpec (YAML/JSON) → TabsnapModel (Bar) → TabsnapGeometry (pure layout)
//   → TabsnapDraw (draw list) → TabsnapCairo (cairo/pango backend) → PNG/SVG/PDF.
// Only the backend targets (TabsnapCairo, TabsnapPNG) import C libraries; TabsnapFiles imports
// CSystem for a libc call (syncfs) Glibc's module leaves out. CSandbox is Tabsnap's one C
// target: the sandbox child, which must run before Swift's `main`.

let package = Package(
    name: "Tabsnap",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Tabsnap", targets: ["Tabsnap"]),
        .library(name: "TabsnapCheck", targets: ["TabsnapCheck"]),
        // Assertions for XCTest and Swift Testing: assertTabBarSnapshot(of:position:named:).
        .library(name: "TabsnapTesting", targets: ["TabsnapTesting"]),
        // Strategies for pointfreeco/swift-snapshot-testing: assertSnapshot(of: bar, as: .png).
        .library(name: "TabsnapSnapshotTesting", targets: ["TabsnapSnapshotTesting"]),
        // The live browser preview's server (`tabsnap preview`), in its own product so library
        // users never build an HTTP stack.
        .library(name: "TabsnapPreview", targets: ["TabsnapPreview"]),
        .library(name: "TabsnapCommandLine", targets: ["TabsnapCommandLine"]),
        .executable(name: "tabsnap", targets: ["TabsnapCLI"]),
        // Seeded mutation fuzzing of specs and goldens (scripts/fuzz builds and runs it).
        .executable(name: "tabsnap-fuzz", targets: ["TabsnapFuzz"]),
        // Runs the CI examples (Examples/ci) locally, each job apart (scripts/ci-example).
        .executable(name: "tabsnap-ci-local", targets: ["TabsnapCILocal"]),
        // What `tabsnap check` costs over rendering alone (scripts/bench builds and runs it).
        .executable(name: "tabsnap-bench", targets: ["TabsnapBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // `swift package generate-documentation` (scripts/docs); a command plugin, never linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: System libraries (Debian package names in the providers)
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // No pkgConfig: pango's flags carry -pthread, which SwiftPM refuses with a warning in every
        // dependent package's build; CPango/shim.h declares what Tabsnap calls (checked against
        // the real headers by scripts/check-c-shims).
        .systemLibrary(name: "CPango", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // librsvg (SVG icons) is opened at run time, not linked: see TabsnapCairo/Librsvg.swift.
        // libc declarations Glibc's module leaves out (syncfs).
        .systemLibrary(name: "CSystem"),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // GIF and animated WebP output (giflib ships no pkg-config file).
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),

        // MARK: Pure Swift stages
        .target(name: "TabsnapModel"),
        // Temporary files, atomic replacement, signal clean-up, bounded reads (Foundation only).
        .target(name: "TabsnapFiles", dependencies: ["CSystem"]),
        .target(name: "TabsnapGeometry", dependencies: ["TabsnapModel"]),
        .target(name: "TabsnapDraw", dependencies: ["TabsnapModel", "TabsnapGeometry"]),
        .target(name: "TabsnapAnimation", dependencies: ["TabsnapModel"]),
        // The spec reader asks the built-in components (TabsnapGeometry) which keys they ignore.
        .target(name: "TabsnapSpec", dependencies: ["TabsnapModel", "TabsnapGeometry", "TabsnapAnimation", "TabsnapFiles", "TabsnapFonts",
                                                   .product(name: "Yams", package: "Yams")]),

        // MARK: Backend (the only code that imports C)
        .target(name: "TabsnapFonts", dependencies: ["TabsnapFiles"], path: "Fonts", exclude: ["README.md"],
                resources: [.copy("Inter"), .copy("DejaVu"), .copy("Noto")]),
        .target(name: "TabsnapPNG", dependencies: ["CDeflate", "TabsnapFiles", "TabsnapModel"]),
        .target(name: "TabsnapCompare", dependencies: ["TabsnapPNG", "TabsnapFiles", "TabsnapModel"]),
        .target(name: "TabsnapExamples", dependencies: ["TabsnapFiles"], path: "Examples", exclude: ["README.md", "Consumer", "Custom", "ci"], resources: [.copy("specs")]),
        // The sandbox child that draws a spec's icons and fonts under time and memory limits
        // before the renderer does (C: it runs before `main`, see CSandbox/include/csandbox.h).
        .target(name: "CSandbox", dependencies: ["CCairo", "CPango", "CFontconfig"],
                cSettings: [.headerSearchPath("../CPango")]),
        .target(name: "TabsnapCairo", dependencies: [
            "TabsnapModel", "TabsnapGeometry", "TabsnapDraw", "TabsnapFonts", "TabsnapPNG", "TabsnapFiles",
            "CCairo", "CPango", "CFontconfig", "CSandbox",
        ]),

        .target(name: "TabsnapSequence", dependencies: ["TabsnapAnimation", "TabsnapCairo", "TabsnapGeometry", "TabsnapModel", "TabsnapPNG", "TabsnapFiles", "CGif", "CWebP"]),

        // MARK: Faces
        .target(name: "Tabsnap", dependencies: [
            "TabsnapModel", "TabsnapSpec", "TabsnapGeometry", "TabsnapDraw", "TabsnapCairo", "TabsnapPNG", "TabsnapExamples",
            "TabsnapAnimation", "TabsnapSequence", "TabsnapCompare", "TabsnapFiles",
        ]),
        .target(name: "TabsnapCheck", dependencies: ["Tabsnap"]),
        .target(name: "TabsnapTesting", dependencies: ["TabsnapCheck"]),
        // `tabsnap preview`: its own HTTP/1.1 and WebSocket server on loopback (TabsnapPreview/HTTP),
        // bounded against local pages and processes (see HTTPLimits).
        .target(name: "TabsnapPreview", dependencies: ["Tabsnap", "TabsnapCheck"], resources: [.copy("Page")]),
        // Registers, before `main`, the XCTest observer that names failure pictures after the test.
        .target(name: "CTestObserver"),
        .target(name: "TabsnapSnapshotTesting", dependencies: [
            "Tabsnap", "TabsnapCheck", "CTestObserver", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // The whole command line as a library, so a package can build its own `tabsnap` with its
        // components registered (TabsnapCommandLine.main(components:)); `tabsnap` is that with none.
        .target(name: "TabsnapCommandLine", dependencies: [
            "Tabsnap", "TabsnapCheck", "TabsnapPreview", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "TabsnapCLI", dependencies: ["TabsnapCommandLine"]),
        .target(name: "TabsnapFuzzing", dependencies: ["Tabsnap"]),
        .executableTarget(name: "TabsnapFuzz", dependencies: [
            "Tabsnap", "TabsnapFuzzing", "TabsnapExamples", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "TabsnapCILocal", dependencies: [
            .product(name: "Yams", package: "Yams"), .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "TabsnapBench", dependencies: [
            "Tabsnap", "TabsnapCheck", "TabsnapExamples", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: Tests
        .testTarget(name: "TabsnapModelTests", dependencies: ["TabsnapModel"]),
        .testTarget(name: "TabsnapSpecTests", dependencies: ["TabsnapSpec", "TabsnapModel", "TabsnapAnimation", "TabsnapFuzzing", "TabsnapExamples"],
                    exclude: ["FuzzCrashes"]),
        .testTarget(name: "TabsnapGeometryTests", dependencies: ["TabsnapGeometry", "TabsnapModel"]),
        .testTarget(name: "TabsnapAnimationTests", dependencies: ["TabsnapAnimation"]),
        .testTarget(name: "TabsnapRenderTests", dependencies: ["Tabsnap", "TabsnapTesting", "TabsnapFuzzing"], exclude: ["Fixtures"]),
        .testTarget(name: "TabsnapCLITests", dependencies: ["TabsnapCLI", "Tabsnap", "TabsnapCheck"]),
        .testTarget(name: "TabsnapSequenceTests", dependencies: ["Tabsnap", "TabsnapTesting", "TabsnapSequence", "CGif", "CWebP"]),
        .testTarget(name: "TabsnapCompareTests", dependencies: ["TabsnapCompare", "TabsnapPNG"]),
        .testTarget(name: "TabsnapCheckTests", dependencies: ["TabsnapCheck", "Tabsnap"]),
        .testTarget(name: "TabsnapTestingTests", dependencies: ["TabsnapTesting"]),
        .testTarget(name: "TabsnapPreviewTests", dependencies: ["TabsnapPreview", "Tabsnap"]),
        .testTarget(name: "TabsnapSnapshotTestingTests", dependencies: [
            "TabsnapSnapshotTesting", "Tabsnap", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
