"""What wraps every request: oversized bodies refused (``body_limit``), slow requests bounded
(``timeouts``), when each device was last heard from (``heard``), every failure answered
(``answer_all``), the reader's language (``language``).

May import: domain, service.api.common
"""
