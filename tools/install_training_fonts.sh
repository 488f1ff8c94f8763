#!/bin/sh
# Debian font packages the digit reader's training (tools/train_digit_reader.py) and its held-out
# evaluation (benchmarks/bench_digits.py) read; tools/digit_data.py's font_groups() sorts the installed
# files into the splits (`python tools/digit_data.py` lists them). Run as root on Debian 12/13.
#
# With these installed, font_groups() finds printed_train 455, hand_train 33, hand_calib 6,
# printed_heldout 20, hand_heldout 5 fonts (sixth session of Dec 1). fonts-levien-typoscript (Typo Script)
# has no digit glyphs, so it is not listed: font_groups() would skip it anyway.
#
# NEVER install for training: fonts-dkg-handwriting, fonts-bwht, fonts-kaushanscript, fonts-dancingscript,
# fonts-kristi (the project's independent held-out check; digit_data.FORBIDDEN skips them even when present).
set -e
apt-get install -y --no-install-recommends \
    fonts-liberation fonts-liberation2 fonts-freefont-ttf fonts-urw-base35 fonts-texgyre fonts-lmodern \
    fonts-open-sans fonts-roboto fonts-roboto-fontface fonts-ebgaramond fonts-linuxlibertine fonts-cantarell \
    fonts-firacode fonts-hack fonts-jetbrains-mono fonts-opendyslexic fonts-nanum fonts-nanum-extra fonts-stix \
    fonts-go fonts-sil-charis fonts-comfortaa fonts-sil-gentiumplus fonts-lindenhill fonts-cabin \
    fonts-yrsa-rasa fonts-junction fonts-wqy-microhei \
    fonts-comic-neue fonts-breip fonts-cabinsketch fonts-ecolier-court fonts-humor-sans fonts-seto \
    fonts-leckerli-one fonts-lobster fonts-rufscript fonts-tomsontalks fonts-yusei-magic fonts-sjfonts \
    fonts-tlwg-purisa fonts-tlwg-purisa-ttf fonts-yozvox-yozfont fonts-aoyagi-kouzan-t fonts-aoyagi-soseki \
    fonts-kouzan-mouhitsu fonts-joscelyn fonts-havana \
    fonts-femkeklaver fonts-klee fonts-navilu fonts-kiloji
