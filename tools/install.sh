#!/usr/bin/env bash
# Install everything genpuzzle and its tests need: the package with its test extras (PyPI), plus the two
# system programs two tests drive and the fonts the tests' answer styles use (Debian packages, only when
# missing): headless Chromium renders the HTML report, Node runs the review page's export script.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
# Fonts the tests draw with (tests/*_answers.py styles the verifiers were never tuned on, and the digit
# tests' font splits, tools/digit_data.py): every Debian package a full test run opened a font of (eleventh
# session: Pillow's truetype() logged over `pytest`); the package ships its own fonts in data/fonts. Never
# the reserved handwriting packages (fonts-dkg-handwriting, fonts-bwht, fonts-kaushanscript,
# fonts-dancingscript, fonts-kristi), nor the held-out nonogram families' fonts that no test uses. HELDOUT20's clue
# fonts are the two lines from fonts-klaudia-berenika (fonts-sora aside), HELDOUT21's and HELDOUT22's the lines
# from fonts-ipaexfont-gothic to fonts-smc-karumbi, HELDOUT23's the two lines after them and HELDOUT24's the two
# after those, before the last (tests/nonogram_heldout20.py to nonogram_heldout24.py; their family tests
# draw with them; tools/digit_data.py keeps them out of digit training). The last line: the five HELDOUT8 and
# HELDOUT9 clue fonts no test draws with but `benchmarks/bench_nonogram.py` does (its held-out rows).
for pkg in \
    fonts-aoyagi-kouzan-t fonts-aoyagi-soseki fonts-averia-serif-gwf fonts-bajaderka fonts-bebas-neue \
    fonts-breip fonts-cabin fonts-cabinsketch fonts-cantarell fonts-century-catalogue fonts-comfortaa fonts-comic-neue \
    fonts-courier-prime fonts-crosextra-carlito fonts-dejavu-core fonts-dejavu-extra fonts-ebgaramond \
    fonts-ecolier-court fonts-fantasque-sans fonts-femkeklaver fonts-firacode fonts-freefont-ttf \
    fonts-gfs-didot fonts-go fonts-hack fonts-havana fonts-humor-sans fonts-inconsolata fonts-isabella \
    fonts-jetbrains-mono fonts-joscelyn fonts-junction fonts-kiloji fonts-klee fonts-kouzan-mouhitsu \
    fonts-league-spartan fonts-leckerli-one fonts-levien-typoscript fonts-liberation fonts-lindenhill \
    fonts-linuxlibertine fonts-lmodern fonts-lobster fonts-monoid fonts-nanum fonts-nanum-extra \
    fonts-navilu fonts-oldstandard fonts-open-sans fonts-opendyslexic fonts-paratype fonts-quicksand \
    fonts-roboto-fontface fonts-roboto-unhinted fonts-rufscript fonts-seto fonts-sil-andika \
    fonts-sil-charis fonts-sil-gentiumplus fonts-sjfonts fonts-smc-chilanka fonts-staypuft fonts-stix \
    fonts-texgyre fonts-tlwg-purisa-ttf fonts-tomsontalks fonts-urw-base35 fonts-vollkorn \
    fonts-yozvox-yozfont-antique fonts-yozvox-yozfont-cute fonts-yozvox-yozfont-edu \
    fonts-yozvox-yozfont-new-kana fonts-yozvox-yozfont-standard-kana fonts-yrsa-rasa fonts-yusei-magic \
    fonts-3270 fonts-adf-berenis fonts-adf-romande fonts-adf-verana fonts-georgewilliams fonts-junicode fonts-ocr-a \
    fonts-dseg fonts-karmilla fonts-arkpandora fonts-compagnon fonts-adf-libris fonts-millimetre fonts-stick fonts-glasstty \
    fonts-karla fonts-lato fonts-croscore fonts-yanone-kaffeesatz fonts-goudybookletter fonts-allerta fonts-national-park \
    fonts-cherrybomb fonts-arapey \
    fonts-cmu fonts-averia-sans-gwf fonts-prociono fonts-elstob fonts-okolaks fonts-woowa-bm fonts-sixtyfour \
    fonts-adf-irianis fonts-adf-ikarius fonts-morisawa-bizud-gothic fonts-lemonada \
    fonts-tlwg-typist-ttf fonts-tlwg-sawasdee-ttf fonts-tlwg-kinnari-ttf fonts-mplus fonts-motoya-l-maruberi \
    fonts-radisnoir fonts-hosny-amiri fonts-gfs-artemisia fonts-rocknroll fonts-dotgothic16 fonts-adf-oldania \
    fonts-klaudia-berenika fonts-mph-2b-damase fonts-sawarabi-gothic fonts-morisawa-bizud-mincho fonts-spleen \
    fonts-triod-postnaja fonts-reggae fonts-summersby fonts-adf-mekanus fonts-gfs-porson fonts-rampart fonts-sora \
    fonts-inter fonts-manrope fonts-agave fonts-play fonts-adf-accanthis fonts-adf-switzera fonts-anonymous-pro \
    fonts-oxygen fonts-dustin fonts-linex fonts-adf-tribun fonts-roadgeek fonts-ocr-b fonts-dosis fonts-fanwood \
    fonts-ipaexfont-gothic fonts-sil-doulos fonts-smiley-sans fonts-vlgothic fonts-lobstertwo fonts-tlwg-typewriter-ttf \
    fonts-smc-manjari fonts-lxgw-wenkai fonts-komatuna fonts-uralic fonts-tlwg-umpush-ttf \
    fonts-smc-gayathri fonts-tlwg-norasi-ttf fonts-tlwg-garuda-ttf fonts-gemunu-libre fonts-gotico-antiqua \
    fonts-smc-dyuthi fonts-smc-keraleeyam fonts-adf-solothurn fonts-sawarabi-mincho fonts-gfs-olga fonts-smc-karumbi \
    fonts-unfonts-core fonts-alee fonts-naver-d2coding fonts-horai-umefont fonts-levien-museum fonts-sil-galatia \
    fonts-smc-uroob fonts-motoya-l-cedar fonts-gfs-solomos fonts-konatu fonts-unfonts-extra \
    fonts-noto-mono fonts-sil-dai-banna fonts-sil-padauk fonts-sil-abyssinica fonts-takao-mincho fonts-ukij-uyghur \
    fonts-oradano-mincho-gsrr fonts-wqy-zenhei fonts-smc-anjalioldlipi fonts-teluguvijayam fonts-nafees \
    fonts-b612 fonts-adf-gillius fonts-gfs-bodoni-classic fonts-jura fonts-mononoki \
    fonts-tlwg-typo-ttf fonts-solide-mirage fonts-le-murmure fonts-sil-mondulkiri fonts-tlwg-loma-ttf \
    fonts-meera-inimai fonts-gfs-gazis fonts-lexi-saebom fonts-sil-sophia-nubian fonts-fantasma fonts-baekmuk \
    fonts-povray fonts-lg-aboriginal fonts-hosny-thabit fonts-bpg-georgian fonts-smc-rachana fonts-averia-gwf \
    fonts-sil-alkalami fonts-sil-ezra fonts-pc fonts-sil-mingzat fonts-smc-raghumalayalamsans \
    fonts-lexi-gulim fonts-babelstone-modern fonts-ubuntu-title fonts-train fonts-oflb-asana-math fonts-smc-suruma \
    fonts-sil-lateef fonts-kacst-one fonts-atarismall fonts-khmeros fonts-lohit-deva \
    fonts-johnsmith-induni fonts-tlwg-laksaman-ttf fonts-tlwg-mono-ttf fonts-ipamj-mincho fonts-cwtex-heib \
    fonts-unikurdweb fonts-lao fonts-gubbi fonts-gargi fonts-monapo fonts-blankenburg \
    fonts-sil-akatab fonts-sil-harmattan fonts-sil-tagmukay fonts-sil-taiheritagepro fonts-symbola fonts-arphic-uming \
    fonts-farsiweb fonts-cegui fonts-sarai fonts-unifont fonts-nakula \
    fonts-arundina fonts-katex fonts-migmix fonts-umeplus fonts-ricty-diminished fonts-arphic-ukai \
    fonts-tlwg-waree-ttf fonts-gamaliel fonts-sil-scheherazade fonts-sil-shimenkan fonts-misaki \
    fonts-wqy-microhei fonts-cwtex-yen fonts-terminus fonts-sil-nuosusil fonts-sil-annapurna \
    fonts-sil-zaghawa-beria fonts-eeyek fonts-smc-meera fonts-freefarsi fonts-arphic-gbsn00lp fonts-kalapi \
    fonts-taml-tamu fonts-cns11643-sung fonts-rit-sundar fonts-proggy fonts-gfs-theokritos fonts-telu-extra \
    fonts-evertype-conakry fonts-hanazono fonts-taml-tscu fonts-lohit-knda fonts-gfs-baskerville \
    fonts-apropal fonts-amiga fonts-cns11643-kai fonts-cwtex-kai fonts-babelstone-han fonts-lohit-taml \
    fonts-aksharyogini2 fonts-manchufont fonts-ipafont-mincho fonts-senamirmir-washra fonts-sahadeva \
    fonts-arphic-bsmi00lp fonts-lohit-beng-bengali fonts-dzongkha fonts-gujr-extra fonts-lohit-gujr fonts-paktype \
    fonts-tibetan-machine fonts-arabeyes fonts-guru-extra fonts-lohit-mlym fonts-beng-extra \
    fonts-kanjistrokeorders fonts-deva-extra fonts-mmcedar fonts-opensymbol fonts-lohit-guru fonts-ancient-scripts \
    fonts-monlam fonts-myanmar fonts-noto-cjk fonts-noto-cjk-extra fonts-gfs-didot-classic \
    fonts-noto-ui-core fonts-nanum-eco fonts-sambhota-yigchung fonts-lohit-deva-marathi fonts-sil-gentium-basic \
    fonts-ddc-uchen fonts-cwtex-ming fonts-lohit-telu fonts-ipaexfont-mincho fonts-mona fonts-umeplus-cl \
    fonts-noto-ui-extra fonts-sil-mondulkiri-extra fonts-sil-gentium fonts-lohit-deva-nepali fonts-sil-andikanewbasic \
    fonts-cwtex-fs fonts-arphic-gkai00mp fonts-sil-awami-nastaliq fonts-lohit-beng-assamese fonts-ldco \
    fonts-ipafont-gothic fonts-aenigma fonts-jsmath fonts-lyx culmus-fancy xfonts-scalable xfonts-kapl \
    fonts-pc-extra fonts-dejima-mincho xfonts-jmk fonts-creep2 culmus; do
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
