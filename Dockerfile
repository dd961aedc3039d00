# The signaling server as a minimal image: the static binary the Makefile builds, alone in an
# image FROM scratch (no shell, no libc; it needs neither), running as an unprivileged user.
# From the repository root:
#   make deploy-bin                        # writes build/deploy/safehouse (CGO_ENABLED=0)
#   podman build -t safehouse:local .      # or docker build
# It serves /signal, /healthz and /readyz on :8080 (and /metrics on -metrics-addr, if given);
# pass flags as arguments or SAFEHOUSE_* variables. deploy/compose.yaml runs three behind Caddy
# with NATS, and `make deploy-test` runs that whole deployment here. SIGTERM drains it (see
# -drain-delay and -drain-timeout): give the engine's stop more time than their sum.
FROM scratch
COPY build/deploy/safehouse /safehouse
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/safehouse"]
CMD ["-addr", ":8080"]
