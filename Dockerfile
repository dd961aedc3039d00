# The signaling server as a small image: a static binary on distroless (no shell, no libc),
# running as an unprivileged user. Build from the repository root:
#   docker build -t safehouse .
# It serves /signal, /healthz, /readyz and /metrics on :8080; pass flags as arguments or
# SAFEHOUSE_* variables (deploy/compose.yaml runs three behind Caddy with NATS).
# SIGTERM drains it (see -drain-delay and -drain-timeout): give `docker stop` more time than
# their sum (--time, or stop_grace_period in compose).

FROM golang:1.26-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
# Only what the command imports (go list -deps ./signaling/cmd/safehouse).
COPY signaling ./signaling
COPY wire ./wire
COPY qrcode ./qrcode
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/safehouse ./signaling/cmd/safehouse

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/safehouse /safehouse
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/safehouse"]
CMD ["-addr", ":8080"]
