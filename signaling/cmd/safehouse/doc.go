// Command safehouse runs a whole Safehouse party from one machine: it serves
// the app's static site (the directory the build writes, given with -site)
// and the signaling endpoint at /signal, prints the URLs to open on phones
// with a QR code of the first LAN one, and shuts down cleanly on SIGINT or
// SIGTERM. Every flag can also come from the environment: -trusted-proxies
// is SAFEHOUSE_TRUSTED_PROXIES, and so on; a flag on the command line wins.
package main
