# The bot's image: `python -m bot`, every setting from the environment (docs/operations.md).
# compose.yaml beside this file runs it on PostgreSQL with Prometheus (docs/deploy.md).
FROM python:3.12-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# The installed package only; its data (migrations, catalogues, fonts) is listed in pyproject.toml.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
RUN pip install . \
    && useradd --create-home --uid 10001 gin \
    && mkdir /data \
    && chown gin /data

USER gin
# A lone container keeps its SQLite file on a volume; compose.yaml points GIN_DB at PostgreSQL.
ENV GIN_DB=/data/gin.sqlite3
VOLUME ["/data"]
# The Prometheus endpoint, served only where GIN_METRICS_PORT is set (compose.yaml sets it).
EXPOSE 9108
# SIGINT is the bot's clean stop (moves in flight finish): compose.yaml sends it.
STOPSIGNAL SIGINT
CMD ["python", "-m", "bot"]
