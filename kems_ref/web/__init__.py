"""``kems-ref serve``: the referee and a live score sheet on the players' phones.

A second front end beside the command line, over the same library (:mod:`kems_ref.library`): it
renders rulings, it never decides one.  Needs the ``web`` extra (Starlette, uvicorn, Jinja2, segno),
imported only by ``serve``.
"""
