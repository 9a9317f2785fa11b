"""HTTPS in the hall (issue 14): the hall's authority and server certificate (``service.hall.tls``), made once and
reused, naming every local address, a chain that verifies; and a live ``planilla serve --tls`` answering
over HTTPS with the authority as the only trust root, its plain-HTTP door serving only the authority."""

from __future__ import annotations

import datetime as dt
import re
import ssl
import subprocess
import time
from pathlib import Path

import httpx
from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID
from cryptography.x509.verification import PolicyBuilder, Store

from service.hall import tls
from tests.cli.test_serve_cli import PLANILLA, stop

FILES = ("ca.key", "ca.crt", "server.key", "server.crt")


def load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def test_the_hall_certificates_are_made_once_and_reused(tmp_path: Path):
    first = tls.ensure(tmp_path / "tls")
    assert first.ca_created and first.server_created
    made = {name: (tmp_path / "tls" / name).read_bytes() for name in FILES}
    assert (tmp_path / "tls" / "ca.key").stat().st_mode & 0o777 == 0o600
    again = tls.ensure(tmp_path / "tls")
    assert not again.ca_created and not again.server_created
    assert {name: (tmp_path / "tls" / name).read_bytes() for name in FILES} == made
    assert again.fingerprint() == first.fingerprint() and re.fullmatch(r"([0-9A-F]{2}:){31}[0-9A-F]{2}",
                                                                        first.fingerprint())


def test_the_server_certificate_names_localhost_the_halls_local_name_and_every_private_address(tmp_path: Path):
    hall = tls.ensure(tmp_path / "tls")
    names, addresses = tls.covered(load(hall.server_cert))
    want_names, want_addresses = tls.local_names()
    assert "localhost" in names and "127.0.0.1" in addresses
    assert set(want_names) <= set(names) and set(want_addresses) <= set(addresses)
    assert tls.hall_name() in names  # the hall's .local name (issue 26: no bare hostname outside the constraints)
    assert all(tls.permitted(n) for n in names + addresses)


def test_a_new_address_renews_the_server_certificate_and_keeps_the_authority(tmp_path: Path):
    folder = tmp_path / "tls"
    tls.ensure(folder)
    ca, server = (folder / "ca.crt").read_bytes(), (folder / "server.crt").read_bytes()
    moved = tls.ensure(folder, extra=("10.20.30.40", "0.0.0.0"))  # a new Wi-Fi; 0.0.0.0 is no address
    assert moved.server_created and not moved.ca_created
    assert (folder / "ca.crt").read_bytes() == ca and (folder / "server.crt").read_bytes() != server
    _, addresses = tls.covered(load(moved.server_cert))
    assert "10.20.30.40" in addresses and "0.0.0.0" not in addresses
    late = tls.ensure(folder, extra=("10.20.30.40",),
                      now=dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=tls.CA_DAYS - 0.5))
    assert late.server_created and late.ca_created  # the authority near its end: both made again


def test_the_chain_verifies_with_the_authority_as_the_only_root(tmp_path: Path):
    hall = tls.ensure(tmp_path / "tls")
    ca, server = load(hall.ca_cert), load(hall.server_cert)
    server.verify_directly_issued_by(ca)
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert ca.not_valid_after_utc - ca.not_valid_before_utc <= dt.timedelta(days=tls.CA_DAYS + 1)
    assert server.not_valid_after_utc - server.not_valid_before_utc <= dt.timedelta(days=825)  # iPadOS's limit
    assert ExtendedKeyUsageOID.SERVER_AUTH in server.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    verifier = PolicyBuilder().store(Store([ca])).build_server_verifier(x509.DNSName("localhost"))
    chain = verifier.verify(server, [])
    assert chain[-1] == ca
    ip = PolicyBuilder().store(Store([ca])).build_server_verifier(x509.IPAddress(__import__("ipaddress")
                                                                                  .ip_address("127.0.0.1")))
    ip.verify(server, [])


def start_tls(data: Path) -> tuple[subprocess.Popen, list[str]]:
    proc = subprocess.Popen([PLANILLA, "serve", "--tls", "--port", "0", "--http-port", "0", "--data", str(data),
                             "--no-access-log"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    lines: list[str] = []
    while line := proc.stdout.readline():
        lines.append(line.rstrip("\n"))
        if line.startswith("Authority fingerprint"):
            return proc, lines
    stop(proc)
    raise AssertionError(f"no hall notice printed: {lines}")


def test_planilla_serve_tls_answers_over_https_with_the_hall_authority_as_trust_root(tmp_path: Path):
    proc, lines = start_tls(tmp_path / "data")
    try:
        url = next(x for x in lines if x.startswith("Planilla listening on ")).removeprefix("Planilla listening on ")
        assert url.startswith("https://127.0.0.1:")
        door_port = re.search(r"http://[^/]+:(\d+)/hall/ca", "\n".join(lines)).group(1)
        trust = ssl.create_default_context(cafile=str(tmp_path / "data" / "tls" / "ca.crt"))
        with httpx.Client(verify=trust, timeout=5) as client:
            health, deadline = None, time.monotonic() + 60  # a loaded machine starts slowly
            while health is None and time.monotonic() < deadline:
                try:
                    health = client.get(f"{url}/health")
                except httpx.ConnectError:
                    time.sleep(0.05)
            assert health is not None and health.status_code == 200
            page = client.get(f"{url}/hall/ca?lang=ca")
            assert page.status_code == 200 and "Instal·lar l&#x27;autoritat de la sala" in page.text
        with httpx.Client(timeout=5) as plain:  # no trust at all: the door is plain HTTP
            door = f"http://127.0.0.1:{door_port}"
            page = plain.get(f"{door}/hall/ca", headers={"Accept-Language": "en-GB,en;q=0.9"})
            fingerprint = next(x for x in lines if x.startswith("Authority fingerprint")).split(": ")[1]
            assert page.status_code == 200 and "Install the hall&#x27;s authority" in page.text
            assert fingerprint in page.text and f"https://127.0.0.1:{url.rsplit(':', 1)[1]}/" in page.text
            der = plain.get(f"{door}/hall/ca.crt")
            assert der.headers["content-type"] == "application/x-x509-ca-cert"
            assert x509.load_der_x509_certificate(der.content) == load(tmp_path / "data" / "tls" / "ca.crt")
            assert plain.get(f"{door}/hall/ca.pem").content == (tmp_path / "data" / "tls" / "ca.crt").read_bytes()
            moved = plain.get(f"{door}/tablet?x=1")
            assert moved.status_code == 308
            assert moved.headers["location"] == f"https://127.0.0.1:{url.rsplit(':', 1)[1]}/tablet?x=1"
        untrusted = httpx.Client(timeout=5)
        try:
            untrusted.get(f"{url}/health")
            raise AssertionError("a client without the hall's authority must refuse the certificate")
        except httpx.ConnectError as err:
            assert "CERTIFICATE_VERIFY_FAILED" in str(err)
        finally:
            untrusted.close()
    finally:
        stop(proc)
    assert not tls.ensure(tmp_path / "data" / "tls", extra=("127.0.0.1",)).server_created  # reused next time


def test_without_tls_the_hall_pages_are_not_there(tmp_path: Path):
    from tests.testclient import TestClient

    from service.api.app import create_app
    from service.api.config import ServiceSettings

    with TestClient(create_app(ServiceSettings(store="memory"))) as client:
        r = client.get("/hall/ca")
        assert r.status_code == 404 and "--tls" in r.json()["message"]


# ---- issue 26: the hall's authority vouches for the hall only, for a tournament's days -----------------------
def test_the_authority_is_name_constrained_to_the_hall_and_valid_the_days_asked(tmp_path: Path):
    """Whoever holds the authority's key cannot impersonate another web site to a tablet that installed it."""
    import ipaddress

    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    hall = tls.ensure(tmp_path / "tls", days=3)
    ca = load(hall.ca_cert)
    constraint = ca.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraint.critical
    names, networks = tls.constraints(ca)
    assert names == ["localhost", tls.hall_name()] and "192.168.0.0/16" in networks and "10.0.0.0/8" in networks
    assert ca.not_valid_after_utc - ca.not_valid_before_utc == dt.timedelta(days=4)  # from yesterday, 3 days on
    key = serialization.load_pem_private_key((tmp_path / "tls" / "ca.key").read_bytes(), password=None)
    now = dt.datetime.now(dt.timezone.utc)

    def forged(name: x509.GeneralName) -> x509.Certificate:
        mine = ec.generate_private_key(ec.SECP256R1())
        return (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "x")]))
                .issuer_name(ca.subject).public_key(mine.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - dt.timedelta(hours=1)).not_valid_after(now + dt.timedelta(days=1))
                .add_extension(x509.SubjectAlternativeName([name]), critical=False)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca.public_key()), critical=False)
                .sign(key, hashes.SHA256()))

    for outside in (x509.DNSName("www.federacion.es"), x509.IPAddress(ipaddress.ip_address("8.8.8.8"))):
        verifier = PolicyBuilder().store(Store([ca])).build_server_verifier(outside)
        try:
            verifier.verify(forged(outside), [])
            raise AssertionError(f"the hall's authority vouched for {outside}")
        except x509.verification.VerificationError as refused:
            assert "constraint" in str(refused).lower() or "name" in str(refused).lower()
    inside = x509.IPAddress(ipaddress.ip_address("192.168.1.23"))  # a new DHCP lease in the hall
    PolicyBuilder().store(Store([ca])).build_server_verifier(inside).verify(forged(inside), [])


def test_an_old_ten_year_authority_is_replaced_and_the_install_page_says_remove_it(tmp_path: Path):
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    from service.hall.door import page

    folder = tmp_path / "tls"
    folder.mkdir()
    key = ec.generate_private_key(ec.SECP256R1())  # as the hall made it before issue 26: 10 years, no constraints
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Planilla hall authority (old)")])
    now = dt.datetime.now(dt.timezone.utc)
    old = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
           .serial_number(1).not_valid_before(now - dt.timedelta(days=30)).not_valid_after(now + dt.timedelta(days=3620))
           .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True).sign(key, hashes.SHA256()))
    (folder / "ca.key").write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                      serialization.NoEncryption()))
    (folder / "ca.crt").write_bytes(old.public_bytes(serialization.Encoding.PEM))
    hall = tls.ensure(folder)
    old_print = ":".join(f"{b:02X}" for b in old.fingerprint(hashes.SHA256()))
    assert hall.ca_created and hall.server_created and hall.replaced == old_print
    assert tls.constraints(load(hall.ca_cert))[0] and load(hall.server_cert).issuer == load(hall.ca_cert).subject
    again = tls.ensure(folder)
    assert not again.ca_created and again.replaced == old_print  # the page goes on saying so
    for lang, words in (("es", "quita de la tableta la anterior"), ("ca", "traieu de la tauleta l&#x27;anterior"),
                        ("en", "remove the old")):
        text = page(again, "https://192.168.1.2:8000/", lang)
        assert words in text and old_print in text and 'id="trusts"' in text
    longer = tls.ensure(folder, days=3)  # asked for fewer days than the authority has: replaced
    assert longer.ca_created
