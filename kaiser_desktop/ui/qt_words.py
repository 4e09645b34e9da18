"""Words of Qt's own file chooser that Qt's French catalogue (qtbase_fr.qm) does not have:
listed here so they come into ours (kaiser_fr_CA.ts) and the chooser is all in French.

Qt asks its translators for these under Qt's own contexts; any installed catalogue that
knows a word answers, so ours fills the gaps. tests/ui/test_french.py checks each one."""

from __future__ import annotations

from kaiser_desktop.app.i18n import translate


def qt_gaps() -> list[str]:
    """Each gap, as Qt asks for it (said in the language of the moment)."""
    return [
        translate("QFileDialog", "&Look in:"),
        translate("QFileDialog", "Files of &type:"),
        translate("QAbstractFileIconProvider", "Folder", "All other platforms"),
        translate("QAbstractFileIconProvider", "File", "All other platforms"),
        translate("QAbstractFileIconProvider", "Drive"),
    ]
