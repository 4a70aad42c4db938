#!/usr/bin/env bash
# Writes the broker's properties from the KAFKA_* environment (apache/kafka's convention: KAFKA_ dropped, lower case,
# `___` is `-`, `__` is `_`, `_` is `.`), formats the log directory on first start, then runs the broker as this
# process, so that `docker stop` reaches it.
set -euo pipefail
libs=/opt/kafka/libs
config=/var/lib/kafka/server.properties
not_properties=' KAFKA_HEAP_OPTS KAFKA_OPTS KAFKA_JVM_PERFORMANCE_OPTS KAFKA_LOG4J_OPTS CLUSTER_ID '
: > "$config"
while IFS='=' read -r name value; do
  case "$not_properties" in *" $name "*) continue ;; esac
  property="${name#KAFKA_}"
  property="${property,,}"
  property="${property//___/-}"
  property="${property//__/@}"
  property="${property//_/.}"
  property="${property//@/_}"
  printf '%s=%s\n' "$property" "$value" >> "$config"
done < <(env | grep '^KAFKA_' | sort)

log_dir="$(sed -n 's/^log\.dirs=//p' "$config")"
read -r -a heap <<< "${KAFKA_HEAP_OPTS:-}"
java_opts=("${heap[@]}" -XX:+UseG1GC -Djava.awt.headless=true "-Dlog4j.configuration=file:/opt/kafka/log4j.properties" "-Dkafka.logs.dir=/var/lib/kafka")
if [ ! -f "$log_dir/meta.properties" ]; then
  cluster_id="${CLUSTER_ID:-$(java -cp "$libs/*" "${java_opts[@]}" kafka.tools.StorageTool random-uuid)}"
  java -cp "$libs/*" "${java_opts[@]}" kafka.tools.StorageTool format --standalone -t "$cluster_id" -c "$config"
fi
exec java -cp "$libs/*" "${java_opts[@]}" kafka.Kafka "$config"
