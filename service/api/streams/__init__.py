"""Server-Sent Events: a game's stream (``game``), the hall console's (``hall``), the public board's
fan-out (``fanout``: its channels and wire bytes ``channels``, the saves it made no frame of ``unmade``) and
its response written straight to the socket (``public``), and the writer
process beside the server that holds the public streams' sockets (``writer``, its wire ``wire``, the
server's side ``link``).

May import: domain, projections, service, service.api.common, service.game, service.hall
"""
