# Sourced by ./quire and .ci/run: prints the home of a JDK 21 or newer, or fails.
# Looks at $JAVA_HOME, the machine's JDKs under /usr/lib/jvm (Temurin 25 on this project's machines), and `java` on PATH.
java_major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -1; }

find_jdk() {
  local c v
  local on_path=""
  if command -v javac >/dev/null 2>&1; then on_path="$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"; fi
  for c in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*temurin* /usr/lib/jvm/*-2[1-9]-* /usr/lib/jvm/* "$on_path"; do
    [ -n "$c" ] && [ -x "$c/bin/javac" ] || continue
    v="$(java_major "$c")"
    if [ -n "$v" ] && [ "${v%%.*}" -ge 21 ] 2>/dev/null; then echo "$c"; return 0; fi
  done
  return 1
}
