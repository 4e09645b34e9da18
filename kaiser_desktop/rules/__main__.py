"""`python -m kaiser_desktop.rules replay FILE`."""

import sys

from kaiser_desktop.rules.referee import main

sys.exit(main(sys.argv[1:], sys.stdin, sys.stdout, sys.stderr))
