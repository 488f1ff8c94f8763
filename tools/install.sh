#!/usr/bin/env bash
# Install everything genpuzzle and its tests need: the package with its test extras (PyPI), plus the two
# system programs two tests drive and the fonts the tests' answer styles use (Debian packages, only when
# missing): headless Chromium renders the HTML report, Node runs the review page's export script.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
# Fonts the tests' answer families draw with (tests/*_answers.py: handwriting, typewriter and rounded
# styles the verifiers were never tuned on); the package ships its own fonts in data/fonts.
for pkg in fonts-dejavu-core fonts-liberation fonts-humor-sans fonts-freefont-ttf fonts-firacode \
           fonts-quicksand fonts-comfortaa; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
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
