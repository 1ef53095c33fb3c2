# Builds the portal image: the SPA with Node, the binary with Rust, then a slim runtime.

FROM node:20-bookworm-slim AS web
WORKDIR /src
COPY openapi ./openapi
COPY web/package.json web/package-lock.json ./web/
RUN cd web && npm ci --no-audit --no-fund
COPY web ./web
RUN cd web && npm run build

FROM rust:1.92-bookworm AS api
RUN apt-get update && apt-get install -y --no-install-recommends protobuf-compiler libprotobuf-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# Without the development identity provider (the `dev-idp` feature): production signs in with the
# insurer's own (OIDC_ISSUER).
RUN cargo build --release --locked --no-default-features --bin portal

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /app portal
WORKDIR /app
COPY --from=api /src/target/release/portal /usr/local/bin/portal
COPY --from=web /src/web/dist ./web/dist
COPY product ./product
USER portal
ENV WEB_DIST=/app/web/dist PRODUCT_DIR=/app/product DATA_DIR=/app/data
EXPOSE 8080
CMD ["portal", "serve"]
