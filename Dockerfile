# Build a static binary (pure Go: modernc.org/sqlite needs no cgo) and run it
# as a non-root user on a minimal base. The SQLite file lives on /data.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/rtrbot ./cmd/bot
# An empty /data owned by the non-root user: a new named volume copies it.
RUN mkdir -p /data/out

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/rtrbot /rtrbot
COPY --from=build --chown=65532:65532 /data /data
ENV RTRBOT_DB=/data/rtrbot.db RTRBOT_OUT=/data/out RTRBOT_METRICS=:9090
# /healthz and /metrics (docs/operating.md): publish to the host's loopback only.
EXPOSE 9090
VOLUME ["/data"]
USER nonroot:nonroot
ENTRYPOINT ["/rtrbot"]
