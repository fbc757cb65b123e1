#!/bin/sh
# Puts the third-party GEDCOM files the bench reads into bench/gedcom-import/files/ (git-ignored:
# they may not be committed here; SOURCES.md lists where they come from and under what terms).
# From local git mirrors when MIRRORS points at them (owner+name/repo, as the session's fetch tool
# leaves them), else from GitHub over HTTPS.
set -eu
cd "$(dirname "$0")"
mkdir -p files
MIRRORS=${MIRRORS:-/work/.mirror}

get() { # repo path target
  if [ -d "$MIRRORS/$(echo "$1" | tr / +)/repo" ]; then
    git --git-dir="$MIRRORS/$(echo "$1" | tr / +)/repo" show "HEAD:$2" > "files/$3"
  else
    curl -fsSL "https://raw.githubusercontent.com/$1/HEAD/$(echo "$2" | sed 's/ /%20/g')" -o "files/$3"
  fi
}

# GEDCOM 5.5 torture tests (H. Eichmann, J. A. Nairn / GEDitCOM): ANSEL, every tag, CONC/CONT.
for f in TGC551.ged TGC551LF.ged TGC55C.ged TGC55CLF.ged; do
  get Porges/mdf "gedcomfy/tests/external/torture-test-55-files/$f" "$f"
done
# FamilySearch's GEDCOM 7 test files (GEDCOM.io), GEDZIP included.
for f in maximal70.ged maximal70.gdz minimal70.ged minimal70.gdz remarriage1.ged remarriage2.ged \
  same-sex-marriage.ged voidptr.ged escapes.ged extensions.ged xref.ged date.ged age.ged notes-1.ged \
  obje-1.ged lang.ged long-url.ged filename-1.ged extension-record.ged maximal70-tree1.ged \
  maximal70-tree2.ged maximal70-lds.ged maximal70-memories1.ged maximal70-memories2.ged; do
  get FamilySearch/GEDCOM.io "testfiles/gedcom70/$f" "fs7-$f"
done
# Sample trees of a few thousand people (D. Jeffrey's gedcom-samples, MIT).
get D-Jeffrey/gedcom-samples pres/pres2020.ged pres2020.ged
get D-Jeffrey/gedcom-samples queen/Queen.ged Queen.ged
ls -l files
