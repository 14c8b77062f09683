# Multi-stage build: a static tablebot binary on a minimal, non-root image.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/tablebot ./cmd/tablebot \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tablebot /tablebot
# The embedded store lives in /data, owned by the non-root user; mount a volume there to keep
# games across container restarts (a new named volume takes this ownership).
COPY --from=build --chown=65532:65532 /out/data /data
WORKDIR /data
ENV TABLEBOT_STORE_PATH=/data/tablebot.db
EXPOSE 8080
USER 65532:65532
ENTRYPOINT ["/tablebot"]
