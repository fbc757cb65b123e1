#!/bin/sh
# Puts the historical pages and lines the bench reads (historical.mts) into bench/documents/historical/data/raw/
# (git-ignored: SOURCES.md lists each source and its licence). From local git mirrors when MIRRORS points at them
# (owner+name/repo, as the session's fetch tool leaves them), else from GitHub over HTTPS.
set -eu
cd "$(dirname "$0")"
mkdir -p data/raw
MIRRORS=${MIRRORS:-/work/.mirror}

get() { # repo path target
  mkdir -p "data/raw/$(dirname "$3")"
  if [ -d "$MIRRORS/$(echo "$1" | tr / +)/repo" ]; then
    git --git-dir="$MIRRORS/$(echo "$1" | tr / +)/repo" show "HEAD:$2" > "data/raw/$3"
  else
    curl -fsSL "https://raw.githubusercontent.com/$1/HEAD/$2" -o "data/raw/$3"
  fi
}

# Fraktur and Antiqua book pages 1787-1882 with PAGE-XML ground truth (OCR-D gt_structure_text; DTA images).
gt() { # work page image-extension
  get OCR-D/gt_structure_text "data/$1/GT-PAGE/$1_$2.xml" "pages/$1_$2.xml"
  get OCR-D/gt_structure_text "data/$1/GT-PAGE/$1_$2.$3" "pages/$1_$2.$3"
}
for p in 0023 0031 0040 0122; do gt clauren_mimil_1815 "$p" jpg; done
gt laube_europa0202_1837 0105 jpg
gt herder_geschichte03_1787 0007 jpg
for p in 0146 0168; do gt bebel_frau_1879 "$p" tif; done
for p in 0014 1011; do gt ruempler_gartenbau_1882 "$p" jpg; done
gt vischer_aesthetikregister_1858 0081 jpg

# Kant, "Beantwortung der Frage: Was ist Aufklärung?" (1784), two Fraktur pages (OCR-D assets).
for p in 0017 0020; do
  get OCR-D/assets "data/kant_aufklaerung_1784/data/OCR-D-GT-PAGE/PAGE_${p}_PAGE.xml" "pages/kant_aufklaerung_1784_$p.xml"
  get OCR-D/assets "data/kant_aufklaerung_1784/data/OCR-D-IMG/INPUT_$p.tif" "pages/kant_aufklaerung_1784_$p.tif"
done

# Luxembourg newspaper columns 1858-59, Fraktur and Antiqua, German and French, ALTO ground truth (BnL, nautilusocr).
get natliblux/nautilusocr examples/textblocks/example.jsonl newspapers/blocks.jsonl
for i in 0 1 2 3 4 5; do
  get natliblux/nautilusocr "examples/textblocks/gt/$i.xml" "newspapers/$i.xml"
  get natliblux/nautilusocr "examples/textblocks/images/$i.tif" "newspapers/$i.tif"
done

# Fraktur lines 1797-1898 from the Deutsches Textarchiv (OCR-D line GT test set): the first two lines of each work.
git_list() {
  git --git-dir="$MIRRORS/OCR-D+assets/repo" ls-tree --name-only HEAD linegt/gt-bag-testset/data/ground-truth/
}
if [ -d "$MIRRORS/OCR-D+assets/repo" ]; then
  git_list | grep '\.gt\.txt$' | sed 's#.*/##; s#\.gt\.txt$##' | awk -F_ '{w=$0; sub(/_[0-9]+_[0-9]+$/, "", w); if (n[w]++ < 2) print}' > data/raw/lines.list
else
  echo "lines need the OCR-D/assets mirror (MIRRORS=...)" >&2
  exit 1
fi
while read -r l; do
  get OCR-D/assets "linegt/gt-bag-testset/data/ground-truth/$l.gt.txt" "lines/$l.gt.txt"
  get OCR-D/assets "linegt/gt-bag-testset/data/ground-truth/$l.tif" "lines/$l.tif"
done < data/raw/lines.list
du -sh data/raw
