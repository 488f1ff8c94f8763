#!/usr/bin/env bash
# Install everything genpuzzle and its tests need: the package with its test extras (PyPI), plus the two
# system programs two tests drive (Debian packages, only when missing): headless Chromium renders the
# HTML report, Node runs the review page's export script.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "install.sh: please install ${missing[*]} (Debian: apt-get install ${missing[*]})" >&2
    fi
fi

python3 -m pip install -q -e ".[test]"
