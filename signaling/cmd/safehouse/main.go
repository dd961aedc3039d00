package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"safehouse/signaling"
)

// options is everything the flags and environment decide.
type options struct {
	addr           string
	site           string
	origins        string
	allowedHosts   string
	trustedProxies string
	tlsCert        string
	tlsKey         string
	logLevel       string
	headerTimeout  time.Duration
	qrLightInk     bool
	drainDelay     time.Duration
	drainTimeout   time.Duration
	nats           string
	natsCreds      string
	metricsAddr    string
	limits         signaling.Config
}

func main() {
	opts, err := parseOptions(os.Args[1:], os.Getenv, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "safehouse:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, opts, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "safehouse:", err)
		os.Exit(1)
	}
}

// parseOptions reads args, then fills every flag not given on the command line
// from its SAFEHOUSE_* environment variable.
func parseOptions(args []string, getenv func(string) string, errOut io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("safehouse", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&o.addr, "addr", ":8080", "address to listen on")
	fs.StringVar(&o.site, "site", "", "directory of the built site to serve at / (empty: signaling only)")
	fs.StringVar(&o.origins, "origins", "", `comma-separated origin host patterns allowed to use /signal besides this server's own ("*" for any)`)
	fs.StringVar(&o.allowedHosts, "allowed-hosts", "", `comma-separated host names (patterns, with or without a port) that /signal answers to (empty: any; set it on a LAN to stop DNS rebinding)`)
	fs.StringVar(&o.trustedProxies, "trusted-proxies", "", "comma-separated CIDRs of reverse proxies whose X-Forwarded-For is believed")
	fs.StringVar(&o.tlsCert, "tls-cert", "", "TLS certificate file (with -tls-key: serve https)")
	fs.StringVar(&o.tlsKey, "tls-key", "", "TLS key file")
	fs.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.DurationVar(&o.headerTimeout, "header-timeout", 5*time.Second, "drop a connection that has not sent its request headers within this time")
	fs.BoolVar(&o.qrLightInk, "qr-dark-terminal", true, "draw the QR code for a terminal with a dark background (false: for a light one)")
	fs.DurationVar(&o.drainDelay, "drain-delay", 0, "on SIGTERM, how long /readyz fails (and new connections are refused) before open sockets are closed: time for a load balancer to notice")
	fs.DurationVar(&o.drainTimeout, "drain-timeout", 5*time.Second, "on SIGTERM, how long clients get to answer the close before their sockets are dropped")
	fs.StringVar(&o.nats, "nats", "", "NATS server URLs (comma-separated) through which several instances share their rooms (empty: run alone)")
	fs.StringVar(&o.natsCreds, "nats-creds", "", "NATS credentials file, for -nats")
	fs.IntVar(&o.limits.ClusterReplicas, "nats-replicas", 1, "NATS servers that keep the room directory (JetStream replicas): 3 with a three-node NATS cluster")
	fs.StringVar(&o.metricsAddr, "metrics-addr", "", "address to serve /metrics (Prometheus) on, apart from -addr, e.g. 127.0.0.1:9090 (empty: no metrics)")
	l := &o.limits
	fs.DurationVar(&l.HostGrace, "grace", signaling.DefaultHostGrace, "how long a room waits for its host to come back")
	fs.DurationVar(&l.EmptyRoomGrace, "empty-grace", signaling.DefaultEmptyRoomGrace, "how long a room nobody ever joined waits for its host")
	fs.Int64Var(&l.MaxMessageSize, "max-message", signaling.DefaultMaxMessageSize, "largest signaling message in bytes")
	fs.IntVar(&l.PeersPerRoom, "peers-per-room", signaling.DefaultPeersPerRoom, "most invited peers in one room (those with the invite link's pass, or let in by the host)")
	fs.IntVar(&l.KnocksPerRoom, "knocks-per-room", signaling.DefaultKnocksPerRoom, "most strangers in one room besides: peers with no invite pass (a typed or guessed code) the host has not let in; they get twice as many joins a minute")
	fs.IntVar(&l.RoomsPerAddress, "rooms-per-address", signaling.DefaultRoomsPerAddress, "most open rooms created from one client address, rooms waiting for their host included (x4 per IPv4 /24 or IPv6 /56, x16 per IPv6 /48; a network's share shrinks as the server fills)")
	fs.IntVar(&l.FailedJoinsPerMinute, "failed-joins", signaling.DefaultFailedJoinsPerMinute, "most failed joins per client address and minute (x4 per IPv4 /24 or IPv6 /56, x16 per IPv6 /48)")
	fs.IntVar(&l.FailedJoinsTotal, "failed-joins-total", signaling.DefaultFailedJoinsTotal, "failed joins per minute for the whole server, beyond which an address that failed once waits a minute")
	fs.IntVar(&l.JoinsPerMinute, "joins-per-address", signaling.DefaultJoinsPerMinute, "most successful joins per client address and minute")
	fs.IntVar(&l.RoomJoinsPerMinute, "joins-per-room", signaling.DefaultRoomJoinsPerMinute, "most successful joins into one room per minute")
	fs.IntVar(&l.ConnsPerAddress, "conns-per-address", signaling.DefaultConnsPerAddress, "most open connections from one client address (networks: as -rooms-per-address)")
	fs.IntVar(&l.MaxRooms, "max-rooms", signaling.DefaultMaxRooms, "most rooms in total")
	fs.IntVar(&l.MaxConns, "max-conns", signaling.DefaultMaxConns, "most signaling connections in total")
	fs.IntVar(&l.MaxSockets, "max-sockets", 0, "most open TCP connections, counted before any request is read (0: max-conns + 1000)")
	fs.IntVar(&l.SocketsPerAddress, "sockets-per-address", 0, "most open TCP connections from one client address (0: conns-per-address + 64; networks: as -rooms-per-address)")
	fs.Int64Var(&l.RelayRate, "relay-rate", signaling.DefaultRelayRate, "bytes a second one connection may have relayed, after its burst")
	fs.Int64Var(&l.RelayBurst, "relay-burst", signaling.DefaultRelayBurst, "bytes one connection may have relayed at once")
	fs.Int64Var(&l.NetworkRelayRate, "relay-rate-network", 0, "bytes a second all the connections of one IPv4 /24 or IPv6 /48 may have relayed together, after a burst of 4 x relay-burst (0: 16 x relay-rate)")
	fs.DurationVar(&l.IdleTimeout, "idle-timeout", signaling.DefaultIdleTimeout, "drop a connection that answers no ping for this long")
	fs.DurationVar(&l.HandshakeTimeout, "handshake-timeout", signaling.DefaultHandshakeTimeout, "drop a connection that neither hosts nor joins within this time")
	fs.Usage = func() {
		fmt.Fprintf(errOut, "Usage: safehouse [flags]\n\nServes the Safehouse site and its signaling server. Each flag may also be\nset as SAFEHOUSE_<FLAG> in the environment (e.g. SAFEHOUSE_ADDR).\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		name := envName(f.Name)
		if value := getenv(name); value != "" && !given[f.Name] && envErr == nil {
			if err := fs.Set(f.Name, value); err != nil {
				envErr = fmt.Errorf("%s=%q: %v", name, value, err)
			}
		}
	})
	if envErr != nil {
		return o, envErr
	}
	proxies, err := signaling.ParseTrustedProxies(o.trustedProxies)
	if err != nil {
		return o, fmt.Errorf("-trusted-proxies: %v", err)
	}
	l.TrustedProxies = proxies
	for _, p := range strings.Split(o.origins, ",") {
		if p = strings.TrimSpace(p); p != "" {
			l.OriginPatterns = append(l.OriginPatterns, p)
		}
	}
	for _, h := range strings.Split(o.allowedHosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			l.AllowedHosts = append(l.AllowedHosts, h)
		}
	}
	if (o.tlsCert == "") != (o.tlsKey == "") {
		return o, errors.New("-tls-cert and -tls-key go together")
	}
	if o.site != "" {
		if info, err := os.Stat(o.site); err != nil || !info.IsDir() {
			return o, fmt.Errorf("-site %q is not a directory", o.site)
		}
	}
	return o, nil
}

func envName(flagName string) string {
	return "SAFEHOUSE_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

func run(ctx context.Context, o options, out, logOut io.Writer) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.logLevel)); err != nil {
		return fmt.Errorf("-log-level: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(logOut, &slog.HandlerOptions{Level: level}))
	o.limits.Logger = logger

	sig := signaling.New(o.limits)
	if o.nats != "" {
		nc, err := connectNATS(o.nats, o.natsCreds, logger)
		if err != nil {
			return err
		}
		defer nc.Close() // after the drain, which may still hand rooms over
		if err := sig.JoinCluster(nc); err != nil {
			return err
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/signal", sig)
	mux.Handle("/healthz", sig.Healthz())
	mux.Handle("/readyz", sig.Readyz())
	if o.site != "" {
		mux.Handle("/", signaling.SiteHandler(o.site))
	} else {
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "Safehouse signaling server: no site here (start it with -site DIR to serve the app).", http.StatusNotFound)
		})
	}
	server := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: o.headerTimeout,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelDebug),
	}
	ln, err := net.Listen("tcp", o.addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%w\nAnother program (perhaps another safehouse) is using %s. Pick another port with -addr, e.g. -addr :8081\n(or SAFEHOUSE_ADDR=:8081; with make: make run RUN_FLAGS=\"-addr :8081\")", err, o.addr)
	}
	if err != nil {
		return err
	}
	ln = sig.Listen(ln)
	metricsURL := ""
	if o.metricsAddr != "" {
		// /metrics costs far more than a health check and tells about the server's
		// load: it gets a listener of its own, for the operator's scraper only.
		mln, err := net.Listen("tcp", o.metricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("-metrics-addr: %w", err)
		}
		metricsMux := http.NewServeMux()
		metricsMux.Handle("/metrics", sig.Metrics())
		metrics := &http.Server{Handler: metricsMux, ReadHeaderTimeout: o.headerTimeout, ErrorLog: server.ErrorLog}
		go metrics.Serve(mln)
		defer metrics.Close()
		metricsURL = "http://" + mln.Addr().String() + "/metrics"
	}
	scheme := "http"
	if o.tlsCert != "" {
		scheme = "https"
	}
	ifaceAddrs, err := net.InterfaceAddrs()
	if err != nil {
		logger.Warn("cannot list network interfaces", "err", err)
	}
	if metricsURL != "" {
		fmt.Fprintln(out, "Metrics for your scraper (keep this address private):", metricsURL)
	}
	printWelcome(out, scheme, openURLs(scheme, ln.Addr(), ifaceAddrs), o.site != "", o.qrLightInk)

	served := make(chan error, 1)
	go func() {
		if scheme == "https" {
			served <- server.ServeTLS(ln, o.tlsCert, o.tlsKey)
		} else {
			served <- server.Serve(ln)
		}
	}()
	select {
	case err := <-served:
		sig.Close()
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down", "drain_delay", o.drainDelay, "drain_timeout", o.drainTimeout)
	// Still listening meanwhile, so that the balancer reads the failing /readyz.
	sig.BeginDrain()
	time.Sleep(o.drainDelay)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), o.drainTimeout)
	defer cancel()
	sigErr := sig.Drain(shutdownCtx)
	httpErr := server.Shutdown(shutdownCtx) // stops listening; WebSockets are not its to wait for
	<-served
	return errors.Join(ignoreDeadline(httpErr), ignoreDeadline(sigErr))
}

// ignoreDeadline treats a shutdown that had to cut some clients off as done.
func ignoreDeadline(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}

func printWelcome(out io.Writer, scheme string, urls []string, withSite, qrLightInk bool) {
	fmt.Fprintln(out, "Safehouse is running.")
	if !withSite {
		fmt.Fprintln(out, "Only the signaling endpoint is served (/signal); pass -site DIR to serve the app too.")
	}
	fmt.Fprintln(out, "Open one of these on the phones (same Wi-Fi):")
	for _, u := range urls {
		fmt.Fprintln(out, "  "+u)
	}
	if len(urls) > 1 { // the last one is localhost, which a phone cannot reach
		if qr, err := renderQR(urls[0], qrLightInk); err == nil {
			fmt.Fprintf(out, "\nOr scan this for %s:\n\n%s\n", urls[0], qr)
		}
	}
	if scheme == "http" {
		fmt.Fprintln(out, "Note: over plain http, phones will not offer to install the app, to work offline")
		fmt.Fprintln(out, "or to keep the screen awake. The game itself plays fine.")
	}
	fmt.Fprintln(out, "Press Ctrl+C to stop.")
}
