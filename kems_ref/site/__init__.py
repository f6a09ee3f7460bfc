"""``kems-ref site``: the browser edition, a static site any HTTPS host serves.

The same library runs in the phone's browser: Pyodide (CPython in WebAssembly, from its npm package,
pinned in :mod:`.fetch`) runs kems_ref's own Starlette application (:mod:`kems_ref.web`) in a Web
Worker, called by a tiny ASGI caller (:mod:`.browser`); the page's JavaScript only hands it the taps
and shows what it renders.  :mod:`.build` writes the site; nothing here is imported by the command
line unless ``kems-ref site`` is typed.
"""
