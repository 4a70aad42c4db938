#!/usr/bin/env bash
# Single-node Apache Kafka (KRaft) from the official jars on Maven Central, on loopback only.
#   kafka.sh fetch                 download the broker jars (once) into infra/kafka/target/dependency
#   kafka.sh start DATA_DIR PORT   format DATA_DIR if new, start the broker in the background, wait until it answers
#   kafka.sh run DATA_DIR PORT     format DATA_DIR if new, run the broker in the foreground (for a supervisor)
#   kafka.sh stop DATA_DIR         stop the broker started with DATA_DIR
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
lib="$here/target/dependency"
ready_timeout_s="${KAFKA_READY_TIMEOUT_S:-90}"
java_opts=() # set by prepare

fetch() {
  if [ -f "$lib/.complete" ]; then return 0; fi
  command -v mvn >/dev/null || { echo "kafka.sh: Maven (mvn) is required to fetch the Kafka jars" >&2; exit 1; }
  echo "kafka.sh: fetching Apache Kafka jars from Maven Central..." >&2
  (cd "$here" && mvn -q -B dependency:copy-dependencies -DincludeScope=runtime)
  touch "$lib/.complete"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Writes the broker's configuration into DATA_DIR and formats its log directory when new.
prepare() {
  local data="$1" port="$2" controller_port=$(( $2 + 1 ))
  mkdir -p "$data/logs"
  sed -e "s#@DATA@#$data/logs#g" -e "s#@PORT@#$port#g" -e "s#@CONTROLLER_PORT@#$controller_port#g" \
    "$here/server.properties.template" > "$data/server.properties"
  cp "$here/log4j.properties" "$data/log4j.properties"
  java_opts=(-Xms256m -Xmx768m -XX:+UseG1GC -Djava.awt.headless=true
    "-Dlog4j.configuration=file:$data/log4j.properties" "-Dkafka.logs.dir=$data")
  if [ ! -f "$data/logs/meta.properties" ]; then
    local cluster_id
    cluster_id="$(java -cp "$lib/*" "${java_opts[@]}" kafka.tools.StorageTool random-uuid)"
    java -cp "$lib/*" "${java_opts[@]}" kafka.tools.StorageTool format --standalone -t "$cluster_id" -c "$data/server.properties" >"$data/format.log"
  fi
}

# The broker in the foreground, as this very process (exec): whoever started it holds its pid and sees it exit.
run() {
  local data="$1" port="$2"
  fetch
  prepare "$data" "$port"
  echo $$ > "$data/broker.pid"
  exec java -cp "$lib/*" "${java_opts[@]}" kafka.Kafka "$data/server.properties"
}

start() {
  local data="$1" port="$2"
  fetch
  mkdir -p "$data"
  # setsid: the broker gets no terminal Ctrl-C; whoever started it stops it after the services that use it.
  setsid nohup "$here/kafka.sh" run "$data" "$port" >"$data/broker.out" 2>&1 &
  echo $! > "$data/broker.pid"
  local waited=0
  until port_open "$port"; do
    if ! kill -0 "$(cat "$data/broker.pid")" 2>/dev/null; then
      echo "kafka.sh: broker exited; last lines of $data/broker.out:" >&2; tail -20 "$data/broker.out" >&2; exit 1
    fi
    sleep 0.5; waited=$((waited + 1))
    if [ "$waited" -gt $((ready_timeout_s * 2)) ]; then echo "kafka.sh: broker not listening after ${ready_timeout_s}s" >&2; exit 1; fi
  done
  echo "kafka.sh: broker listening on 127.0.0.1:$port (pid $(cat "$data/broker.pid"))" >&2
}

stop() {
  local data="$1" pid
  [ -f "$data/broker.pid" ] || return 0
  pid="$(cat "$data/broker.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  rm -f "$data/broker.pid"
}

case "${1:-}" in
  fetch) fetch ;;
  start) start "${2:?data dir}" "${3:-9092}" ;;
  run) run "${2:?data dir}" "${3:-9092}" ;;
  stop) stop "${2:?data dir}" ;;
  *) echo "usage: kafka.sh fetch | start DATA_DIR [PORT] | run DATA_DIR [PORT] | stop DATA_DIR" >&2; exit 2 ;;
esac
