# Multi-stage build: a static tablebot binary on a minimal, non-root image.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/tablebot ./cmd/tablebot

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tablebot /tablebot
# The embedded store lives here; mount a volume to keep games across container restarts.
WORKDIR /data
ENV TABLEBOT_STORE_PATH=/data/tablebot.db
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/tablebot"]
