"""``python -m mkdocs_reports.cli``: the ``mkdocs-reports`` command."""

import sys

from . import main

sys.exit(main())
