#!/bin/sh
# Rebuilds assets/ipadic.dic.zst (the morphological dictionary noveler embeds) and its
# licence notice from Debian's mecab-ipadic package (IPADIC CSV sources, EUC-JP).
# Run rarely, from the repository root; commit the two files it writes under assets/.
#   needs: apt-get (download only, no root), dpkg-deb, iconv, cargo
set -eu
root=$(pwd)
test -f "$root/Cargo.toml" || { echo "run from the repository root" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$work"
apt-get download mecab-ipadic
dpkg-deb -x mecab-ipadic_*.deb pkg
src=pkg/usr/share/mecab/dic/ipadic
mkdir utf8
for f in "$src"/*.csv "$src"/*.def; do
    iconv -f EUC-JP -t UTF-8 "$f" > "utf8/$(basename "$f")"
done
cp pkg/usr/share/doc/mecab-ipadic/copyright "$root/assets/IPADIC-COPYING"
dpkg-deb -f mecab-ipadic_*.deb Version > "$root/assets/ipadic.version"

cd "$root"
# The text under fixtures/ and, when it is there, the public-domain corpus beside the repo
# (../shared/corpus/aozora) orders the connection ids and the words by use: speed only, the
# tokens are the same whichever text (or none) is given. The committed asset used both.
train=fixtures
[ -d ../shared/corpus/aozora ] && train="$train ../shared/corpus/aozora"
# shellcheck disable=SC2086 # $train is a list of directories without spaces
cargo run --example build_dictionary -- "$work/utf8" assets/ipadic.dic.zst $train
sha256sum assets/ipadic.dic.zst | cut -d' ' -f1 > assets/ipadic.dic.zst.sha256
ls -l assets/
