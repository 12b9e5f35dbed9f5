"""Guildhall content files (professions.json, prestige_cards.json); a package only so that they ship as data."""
