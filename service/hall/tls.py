"""HTTPS in a hall without internet: a local certificate authority and the server's certificate.

``planilla serve --tls`` calls ``ensure(folder)``: on the first start it makes, with the
``cryptography`` library, a certificate authority for this laptop (an EC P-256 key, valid
``CA_YEARS`` years) and a server certificate it signs, for ``localhost``, ``127.0.0.1``, the
machine's hostname (and ``<hostname>.local``) and every local IPv4 address. Later starts reuse
both; the server certificate alone is made again when the addresses change (a new Wi-Fi) or it
nears its end (``SERVER_DAYS``, within Apple's limit for certificates of a user-installed authority).
A tablet trusts the hall once it has installed ``ca.crt`` (``/hall/ca``); the CA's key never
leaves the data folder.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CA_YEARS = 10
#: Days a server certificate is valid: at most 825 for iOS/iPadOS to accept it under an installed authority.
SERVER_DAYS = 397
#: A server certificate this close to its end is made again at start.
RENEW_DAYS = 30
FILES = ("ca.key", "ca.crt", "server.key", "server.crt")


@dataclass(frozen=True)
class Hall:
    """The hall's certificate files, and what this start did."""

    folder: Path
    ca_created: bool
    server_created: bool

    @property
    def ca_cert(self) -> Path:
        return self.folder / "ca.crt"

    @property
    def server_cert(self) -> Path:
        return self.folder / "server.crt"

    @property
    def server_key(self) -> Path:
        return self.folder / "server.key"

    def ca(self) -> x509.Certificate:
        """The authority's certificate."""
        return x509.load_pem_x509_certificate(self.ca_cert.read_bytes())

    def fingerprint(self) -> str:
        """The authority's SHA-256 fingerprint, as a tablet's settings show it (``AB:CD:…``)."""
        return ":".join(f"{b:02X}" for b in self.ca().fingerprint(hashes.SHA256()))


def folder_for(store: str) -> Path:
    """Where the certificates live: ``<data folder>/tls``; ``./data/tls`` for a database URL or memory."""
    if "://" in store or store.strip().lower() == "memory":
        return Path("data") / "tls"
    return Path(store) / "tls"


def local_names(extra: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """The names and IPv4 addresses the server certificate covers: localhost, the hostname, every local
    IPv4 address, and ``extra`` hosts (the ``--host`` given, unless it is 0.0.0.0 or ::)."""
    host = socket.gethostname()
    names = {"localhost", host.lower(), f"{host.split('.')[0].lower()}.local"}
    addresses = {"127.0.0.1", *_ipv4_addresses(host)}
    for item in extra:
        try:
            ip = ipaddress.ip_address(item)
        except ValueError:
            if item:
                names.add(item.lower())
            continue
        if ip.version == 4 and not ip.is_unspecified:
            addresses.add(str(ip))
    return sorted(names), sorted(addresses, key=lambda a: ipaddress.ip_address(a))


def _ipv4_addresses(host: str) -> set[str]:
    """Every IPv4 address of this machine that a tablet on the local network might use."""
    found: set[str] = set()
    try:
        found.update(i[4][0] for i in socket.getaddrinfo(host, None, socket.AF_INET))
    except OSError:
        pass
    found.update(_interface_addresses())
    try:  # the address of the default route (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return {a for a in found if not ipaddress.ip_address(a).is_unspecified}


def _interface_addresses() -> set[str]:
    """IPv4 addresses of every network interface (Linux: one ioctl each; elsewhere empty)."""
    try:
        import fcntl
        import struct
    except ImportError:
        return set()
    found = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(sock.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
            except OSError:
                continue  # no IPv4 address on this interface
            found.add(socket.inet_ntoa(packed[20:24]))
    return found


def ensure(folder: Path, extra: tuple[str, ...] = (), now: dt.datetime | None = None) -> Hall:
    """The hall's authority and server certificate in ``folder``: made once, reused, the server's made
    again when the machine's names or addresses are no longer all in it, or it is near its end."""
    folder.mkdir(parents=True, exist_ok=True)
    now = now or dt.datetime.now(dt.timezone.utc)
    ca_created = not (folder / "ca.key").exists() or not (folder / "ca.crt").exists()
    if ca_created:
        _make_ca(folder, now)
    names, addresses = local_names(extra)
    server_created = ca_created or _needs_server(folder, names, addresses, now)
    if server_created:
        _make_server(folder, names, addresses, now)
    return Hall(folder, ca_created, server_created)


def _write(path: Path, data: bytes, secret: bool = False) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    if secret:
        os.chmod(tmp, 0o600)
    tmp.replace(path)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _make_ca(folder: Path, now: dt.datetime) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Planilla"),
                      x509.NameAttribute(NameOID.COMMON_NAME, f"Planilla hall authority ({socket.gethostname()})")])
    public = key.public_key()
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(public)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=365 * CA_YEARS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
            .sign(key, hashes.SHA256()))
    _write(folder / "ca.key", _key_pem(key), secret=True)
    _write(folder / "ca.crt", cert.public_bytes(serialization.Encoding.PEM))


def _needs_server(folder: Path, names: list[str], addresses: list[str], now: dt.datetime) -> bool:
    try:
        cert = x509.load_pem_x509_certificate((folder / "server.crt").read_bytes())
        (folder / "server.key").read_bytes()
    except (OSError, ValueError):
        return True
    if cert.not_valid_after_utc - now < dt.timedelta(days=RENEW_DAYS):
        return True
    have_names, have_addresses = covered(cert)
    return not (set(names) <= set(have_names) and set(addresses) <= set(have_addresses))


def covered(cert: x509.Certificate) -> tuple[list[str], list[str]]:
    """The DNS names and IP addresses in a certificate's subject alternative names."""
    sans = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return sans.get_values_for_type(x509.DNSName), [str(a) for a in sans.get_values_for_type(x509.IPAddress)]


def _make_server(folder: Path, names: list[str], addresses: list[str], now: dt.datetime) -> None:
    ca_key = serialization.load_pem_private_key((folder / "ca.key").read_bytes(), password=None)
    ca = x509.load_pem_x509_certificate((folder / "ca.crt").read_bytes())
    key = ec.generate_private_key(ec.SECP256R1())
    sans = [x509.DNSName(n) for n in names] + [x509.IPAddress(ipaddress.ip_address(a)) for a in addresses]
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0] if names else "planilla")]))
            .issuer_name(ca.subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(min(now + dt.timedelta(days=SERVER_DAYS), ca.not_valid_after_utc))
            .add_extension(x509.SubjectAlternativeName(sans), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_encipherment=False, key_cert_sign=False,
                                         crl_sign=False, content_commitment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    _write(folder / "server.key", _key_pem(key), secret=True)
    _write(folder / "server.crt", cert.public_bytes(serialization.Encoding.PEM))


def ca_der(hall: Hall) -> bytes:
    """The authority's certificate in DER (what Android's installer expects from ``.crt``)."""
    return hall.ca().public_bytes(serialization.Encoding.DER)
