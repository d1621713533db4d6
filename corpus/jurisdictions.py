"""US jurisdictions: the 50 states, DC and the five inhabited territories."""

from __future__ import annotations

import re

STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
    "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
    "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi",
    "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee",
    "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
    "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}
DISTRICT = {"DC": "District of Columbia"}
TERRITORIES = {
    "AS": "American Samoa", "GU": "Guam", "MP": "Northern Mariana Islands",
    "PR": "Puerto Rico", "VI": "U.S. Virgin Islands",
}
ALL = {**STATES, **DISTRICT, **TERRITORIES}
CODES = tuple(sorted(ALL))

# Names as they appear in tags and slugs, longest first so "west virginia" is taken
# before "virginia" and "new mexico" before any shorter name.
_ALIASES: dict[str, str] = {}
for _code, _name in ALL.items():
    _ALIASES[_name.lower().replace(".", "")] = _code
_ALIASES.update({
    "washington dc": "DC", "dc": "DC", "virgin islands": "VI", "us virgin islands": "VI",
    "usvi": "VI", "cnmi": "MP", "northern marianas": "MP",
})
_WORDS = sorted(_ALIASES, key=lambda a: (-len(a.split()), -len(a)))
_PATTERN = re.compile(r"(?<![a-z])(" + "|".join(re.escape(w) for w in _WORDS) + r")(?![a-z])")


def _normalise(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.lower().replace(".", "")).strip()


def from_text(text: str) -> set[str]:
    """Jurisdiction codes named in a tag, a slug or a path segment (`new-york`, `Guam`)."""
    found = set()
    norm = _normalise(text)
    pos = 0
    while True:
        m = _PATTERN.search(norm, pos)
        if not m:
            return found
        found.add(_ALIASES[m.group(1)])
        pos = m.end()


def from_code(value: str) -> str | None:
    """A two-letter code if `value` is one (`ca`, `CA`), else None."""
    code = value.strip().upper()
    return code if code in ALL else None


def from_path(path: str) -> set[str]:
    """Codes named by any segment of a path (file stem included, extension dropped)."""
    found: set[str] = set()
    for segment in path.split("/"):
        stem = segment.rsplit(".", 1)[0] if "." in segment else segment
        found |= from_text(stem)
    return found
