"""What wraps every request: oversized bodies refused (``body_limit``), slow requests bounded
(``timeouts``), when each device was last heard from (``heard``), every failure answered
(``answer_all``).

May import: service.api.common
"""
