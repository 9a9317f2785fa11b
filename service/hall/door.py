"""The hall's authority page, and the plain-HTTP door a tablet uses before it trusts the hall.

A tablet that has not installed the hall's authority yet cannot open ``https://`` without a warning.
So ``planilla serve --tls`` also listens on plain HTTP (``--http-port``, 8080 by default) and serves
there only the authority: ``/hall/ca`` (this page, in the tablet's language: es, ca, en),
``/hall/ca.crt`` (DER, which Android and ChromeOS install), ``/hall/ca.pem`` (PEM, iPadOS) and the
page's QR; every other address is redirected to the same path over HTTPS. Nothing a player types
ever goes over plain HTTP: the pages, the tokens and the commands are served only over HTTPS.
"""

from __future__ import annotations

import html
import io
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import segno

from service.hall.tls import Hall, ca_der

LANGUAGES = ("es", "ca", "en")
TEXT: dict[str, dict[str, str]] = {
    "es": {
        "trusts": "En qué confía la tableta con esta autoridad: solo {names} y las redes privadas ({networks}), hasta el "
                  "{until} (UTC). No puede hacerse pasar por ningún otro sitio web.",
        "remove": "Esta sala cambió de autoridad: quita de la tableta la anterior «Planilla hall authority» (huella "
                  "{old}) en los certificados de confianza (Android: Credenciales de usuario; iPadOS: Perfiles; "
                  "ChromeOS: Autoridades) antes de instalar esta.",
        "title": "Instalar la autoridad de la sala",
        "intro": "Este portátil es el servidor de la sala. Para que la tableta abra la planilla por HTTPS sin "
                 "avisos (y funcione sin conexión), instala una vez su autoridad de certificación.",
        "check": "Comprueba que la huella SHA-256 coincide con la que muestra el director:",
        "download": "Descargar el certificado",
        "android": "Android: descarga ca.crt, abre Ajustes › Seguridad › Cifrado y credenciales › Instalar un "
                   "certificado › Certificado de CA, elige ca.crt y confirma.",
        "ipados": "iPadOS: abre esta página en Safari, descarga ca.pem y permite el perfil; en Ajustes › General › "
                  "VPN y gestión de dispositivos instálalo; después, Ajustes › General › Información › Ajustes de "
                  "confianza de certificados: activa la confianza total para «Planilla hall authority».",
        "chromeos": "ChromeOS: descarga ca.crt, abre chrome://settings/certificates › Autoridades › Importar, "
                    "elige ca.crt y marca «Confiar en este certificado para identificar sitios web».",
        "then": "Después abre la planilla por HTTPS:",
        "other": "Otros idiomas:",
    },
    "ca": {
        "trusts": "En què confia la tauleta amb aquesta autoritat: només {names} i les xarxes privades ({networks}), "
                  "fins al {until} (UTC). No pot fer-se passar per cap altre lloc web.",
        "remove": "Aquesta sala ha canviat d'autoritat: traieu de la tauleta l'anterior «Planilla hall authority» "
                  "(empremta {old}) dels certificats de confiança (Android: Credencials d'usuari; iPadOS: Perfils; "
                  "ChromeOS: Autoritats) abans d'instal·lar aquesta.",
        "title": "Instal·lar l'autoritat de la sala",
        "intro": "Aquest portàtil és el servidor de la sala. Perquè la tauleta obri la planilla per HTTPS sense "
                 "avisos (i funcioni sense connexió), instal·la una vegada la seva autoritat de certificació.",
        "check": "Comprova que l'empremta SHA-256 coincideix amb la que mostra el director:",
        "download": "Descarregar el certificat",
        "android": "Android: descarrega ca.crt, obre Configuració › Seguretat › Encriptació i credencials › "
                   "Instal·la un certificat › Certificat de CA, tria ca.crt i confirma.",
        "ipados": "iPadOS: obre aquesta pàgina a Safari, descarrega ca.pem i permet el perfil; a Configuració › "
                  "General › VPN i gestió de dispositius instal·la'l; després, Configuració › General › Informació "
                  "› Configuració de confiança de certificats: activa la confiança total per a «Planilla hall "
                  "authority».",
        "chromeos": "ChromeOS: descarrega ca.crt, obre chrome://settings/certificates › Autoritats › Importa, tria "
                    "ca.crt i marca «Confia en aquest certificat per identificar llocs web».",
        "then": "Després obre la planilla per HTTPS:",
        "other": "Altres llengües:",
    },
    "en": {
        "trusts": "What the tablet trusts this authority for: only {names} and the private networks ({networks}), "
                  "until {until} (UTC). It cannot impersonate any other web site.",
        "remove": "This hall's authority was replaced: remove the old “Planilla hall authority” (fingerprint {old}) "
                  "from the tablet's trusted certificates (Android: User credentials; iPadOS: Profiles; ChromeOS: "
                  "Authorities) before installing this one.",
        "title": "Install the hall's authority",
        "intro": "This laptop is the hall's server. For the tablet to open the scoresheet over HTTPS without "
                 "warnings (and to work offline), install its certificate authority once.",
        "check": "Check that the SHA-256 fingerprint matches the one the director shows:",
        "download": "Download the certificate",
        "android": "Android: download ca.crt, open Settings › Security › Encryption & credentials › Install a "
                   "certificate › CA certificate, choose ca.crt and confirm.",
        "ipados": "iPadOS: open this page in Safari, download ca.pem and allow the profile; install it in Settings › "
                  "General › VPN & Device Management; then Settings › General › About › Certificate Trust Settings: "
                  "turn on full trust for “Planilla hall authority”.",
        "chromeos": "ChromeOS: download ca.crt, open chrome://settings/certificates › Authorities › Import, choose "
                    "ca.crt and tick “Trust this certificate for identifying websites”.",
        "then": "Then open the scoresheet over HTTPS:",
        "other": "Other languages:",
    },
}


def language(query: str | None, accept: str | None) -> str:
    """``?lang=`` if it is one of ours, else the first of ours in ``Accept-Language``, else Spanish."""
    asked = (parse_qs(query or "").get("lang") or [""])[0]
    if asked in LANGUAGES:
        return asked
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "es"


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG."""
    out = io.BytesIO()
    segno.make_qr(url, error="m").save(out, kind="svg", scale=6, border=4, xmldecl=False, svgns=True,
                                        title=url)
    return out.getvalue().decode("utf-8")


def page(hall: Hall, https_url: str, lang: str) -> str:
    """The authority page in ``lang``: fingerprint, downloads, steps for each system, the HTTPS address's QR."""
    t = TEXT[lang]
    e = html.escape
    others = " ".join(f'<a href="/hall/ca?lang={x}" hreflang="{x}">{x}</a>' for x in LANGUAGES if x != lang)
    steps = "".join(f"<li>{e(t[k])}</li>" for k in ("android", "ipados", "chromeos"))
    names, networks, end = hall.trusts()
    until = end.strftime("%Y-%m-%d %H:%M")
    remove = "" if not hall.replaced else f'<p id="remove-old"><strong>{e(t["remove"].format(old=hall.replaced))}</strong></p>'
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(t['title'])}</title>
<style>body{{font:18px/1.5 system-ui,sans-serif;max-width:46rem;margin:1rem auto;padding:0 1rem;color:#000;background:#fff}}
a.button{{display:inline-block;min-height:44px;padding:.6rem 1rem;margin:.2rem .4rem .2rem 0;border:2px solid #000;
border-radius:.4rem;color:#000;text-decoration:none;font-weight:600}}code{{word-break:break-all}}</style></head>
<body><main>
<h1>{e(t['title'])}</h1>
<p>{e(t['intro'])}</p>
{remove}<p>{e(t['check'])}<br><code id="fingerprint">{e(hall.fingerprint())}</code></p>
<p id="trusts">{e(t['trusts'].format(names=", ".join(names), networks=", ".join(networks), until=until))}</p>
<p><a class="button" href="/hall/ca.crt" download="planilla-hall-ca.crt">{e(t['download'])} (ca.crt)</a>
<a class="button" href="/hall/ca.pem" download="planilla-hall-ca.pem">{e(t['download'])} (ca.pem)</a></p>
<ol>{steps}</ol>
<p>{e(t['then'])} <a href="{e(https_url)}">{e(https_url)}</a></p>
<figure aria-label="QR {e(https_url)}">{qr_svg(https_url)}</figure>
<p>{e(t['other'])} {others}</p>
</main></body></html>
"""


def https_url(host_header: str | None, https_port: int, fallback: str) -> str:
    """The HTTPS address of this server as the tablet reached it (its ``Host``, on the HTTPS port)."""
    host = (host_header or fallback).strip()
    if host.startswith("["):
        name = host[: host.index("]") + 1]
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return f"https://{name}:{https_port}/"


class PlainDoor:
    """The plain-HTTP listener: the authority's page and files; everything else redirected to HTTPS."""

    def __init__(self, hall: Hall, https_port: int, host: str, port: int) -> None:
        door = self

        class Handler(BaseHTTPRequestHandler):
            server_version = "planilla-hall"

            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                door.answer(self)

            def do_HEAD(self) -> None:  # noqa: N802
                door.answer(self, body=False)

            def log_message(self, *_: object) -> None:
                return

        self.hall, self.https_port, self.fallback = hall, https_port, host
        family_host = "" if host in ("0.0.0.0", "::") else host
        self.server = ThreadingHTTPServer((family_host, port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name="planilla-hall-http", daemon=True)

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def start(self) -> "PlainDoor":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def answer(self, request: BaseHTTPRequestHandler, body: bool = True) -> None:
        parts = urlsplit(request.path)
        target = https_url(request.headers.get("Host"), self.https_port, self.fallback)
        if parts.path == "/hall/ca":
            lang = language(parts.query, request.headers.get("Accept-Language"))
            content, kind = page(self.hall, target, lang).encode("utf-8"), "text/html; charset=utf-8"
        elif parts.path == "/hall/ca.crt":
            content, kind = ca_der(self.hall), "application/x-x509-ca-cert"
        elif parts.path == "/hall/ca.pem":
            content, kind = self.hall.ca_cert.read_bytes(), "application/x-pem-file"
        else:
            request.send_response(308)
            request.send_header("Location", target.rstrip("/") + request.path)
            request.send_header("Content-Length", "0")
            request.end_headers()
            return
        request.send_response(200)
        request.send_header("Content-Type", kind)
        request.send_header("Content-Length", str(len(content)))
        request.send_header("Cache-Control", "no-cache")
        request.end_headers()
        if body:
            request.wfile.write(content)
