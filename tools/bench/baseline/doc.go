// Command baseline is the yardstick of the benchmarks (issue 9): the smallest honest go-app
// v10 page that does what Safehouse needs from its stack, one component that opens a pion
// PeerConnection and a DataChannel. Built for js/wasm it runs in the browser; built natively
// it writes its static site (go-app's GenerateStaticWebsite), so, as in the app, the server
// side stays out of the wasm.
//
// The page renders a "create" button inside an element of class "ready" once the component
// is mounted, the same condition the start-up benchmark waits for on the app's home screen.
// After mounting it connects two PeerConnections of its own over loopback and writes how long
// the data channel took to open into the attribute data-channel-ms of the element #channel.
package main
