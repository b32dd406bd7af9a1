"""Build the offline JupyterLite site (``make lite``): see build_site.py.

Not part of the checkers_widget package: these modules run at build time, in the site's
own build environment (build/lite-tools/venv, made from lite/requirements.txt).
"""
