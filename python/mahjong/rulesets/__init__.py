"""One module (or package) per rule set.  Look rule sets up by preset name with
:func:`mahjong.framework.get_ruleset`; the preset table is in :mod:`mahjong.rulesets._presets`."""
