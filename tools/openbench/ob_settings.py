# Django settings for a local OpenBench server: OpenBench's own
# (OpenSite/settings.py) without django-htmlmin's two middlewares, which
# only minify the HTML pages and are the one requirement Debian does not
# package. Used as DJANGO_SETTINGS_MODULE with this folder on PYTHONPATH.
from OpenSite.settings import *  # noqa: F401,F403

MIDDLEWARE = [m for m in MIDDLEWARE if not m.startswith('htmlmin.')]  # noqa: F405
