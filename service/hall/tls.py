"""HTTPS in a hall without internet: a local certificate authority and the server's certificate.

``planilla serve --tls`` calls ``ensure(folder)``: on the first start it makes, with the
``cryptography`` library, a certificate authority for this laptop (an EC P-256 key, valid ``days``
days: ``planilla serve --tls-days N``, ``CA_DAYS`` = 14 by default, a tournament's length) and a server
certificate it signs, for ``localhost``, ``<hostname>.local`` and every private IPv4 address of the machine.

The authority is name-constrained (RFC 5280 name constraints, critical): it can vouch only for
``localhost``, the hall's ``<hostname>.local`` and the private address ranges (``PRIVATE_NETWORKS``: 10/8,
172.16/12, 192.168/16, 127/8, link-local 169.254/16; IPv6 ``fc00::/7``, ``fe80::/10``, ``::1``), so whoever
holds its key cannot impersonate any other web site to a tablet that installed it, and a new DHCP lease in
the hall still works. Later starts reuse both; the server certificate alone is made again when the
addresses change (a new Wi-Fi) or it nears its end. An authority made before this (valid 10 years, no
name constraints), one valid longer than asked, or one near its end is replaced at start; its fingerprint
is kept (``replaced.txt``) so the install page (``/hall/ca``) tells the tablet to remove the old one.
The CA's key never leaves the data folder.
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

#: Days the hall's authority is valid by default (``planilla serve --tls-days``): a tournament, not a decade.
CA_DAYS = 14
#: Days a server certificate is valid at most (never past its authority): within Apple's 825-day limit.
SERVER_DAYS = 397
#: A server certificate this close to its end is made again at start (at most half the authority's days).
RENEW_DAYS = 30
#: An authority this close to its end is replaced at start.
CA_RENEW_DAYS = 1
FILES = ("ca.key", "ca.crt", "server.key", "server.crt")
#: What the authority may vouch for besides the hall's ``.local`` name and ``localhost``.
PRIVATE_NETWORKS = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16", "fc00::/7",
                    "fe80::/10", "::1/128")


@dataclass(frozen=True)
class Hall:
    """The hall's certificate files, and what this start did."""

    folder: Path
    ca_created: bool
    server_created: bool
    #: The fingerprint of the authority this start replaced (or an earlier start did: ``replaced.txt``), if any.
    replaced: str | None = None

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
        return fingerprint_of(self.ca())

    def trusts(self) -> tuple[list[str], list[str], dt.datetime]:
        """What a tablet that installed the authority trusts it for: its permitted DNS names and networks, and
        until when."""
        ca = self.ca()
        names, networks = constraints(ca)
        return names, networks, ca.not_valid_after_utc


def fingerprint_of(cert: x509.Certificate) -> str:
    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def constraints(cert: x509.Certificate) -> tuple[list[str], list[str]]:
    """A certificate's permitted DNS names and networks (both empty when it has no name constraints)."""
    try:
        found = cert.extensions.get_extension_for_class(x509.NameConstraints).value
    except x509.ExtensionNotFound:
        return [], []
    permitted = found.permitted_subtrees or []
    return ([g.value for g in permitted if isinstance(g, x509.DNSName)],
            [str(g.value) for g in permitted if isinstance(g, x509.IPAddress)])


def hall_name() -> str:
    """The hall's ``.local`` name: this machine's short hostname under ``.local`` (mDNS)."""
    return f"{socket.gethostname().split('.')[0].lower()}.local"


def permitted(name_or_address: str) -> bool:
    """Whether the hall's authority may vouch for a DNS name or an IP address."""
    try:
        ip = ipaddress.ip_address(name_or_address)
    except ValueError:
        return name_or_address.lower() in ("localhost", hall_name())
    return any(ip in ipaddress.ip_network(n) for n in PRIVATE_NETWORKS if ipaddress.ip_network(n).version == ip.version)


def folder_for(store: str) -> Path:
    """Where the certificates live: ``<data folder>/tls``; ``./data/tls`` for a database URL or memory."""
    if "://" in store or store.strip().lower() == "memory":
        return Path("data") / "tls"
    return Path(store) / "tls"


def local_names(extra: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """The names and IPv4 addresses the server certificate covers: localhost, the hostname, every local
    IPv4 address, and ``extra`` hosts (the ``--host`` given, unless it is 0.0.0.0 or ::)."""
    host = socket.gethostname()
    names = {"localhost", hall_name()}
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
    # Only what the authority may vouch for: a certificate naming anything else would not be valid under it.
    names, addresses = {n for n in names if permitted(n)}, {a for a in addresses if permitted(a)}
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


def ensure(folder: Path, extra: tuple[str, ...] = (), now: dt.datetime | None = None, days: int = CA_DAYS) -> Hall:
    """The hall's authority and server certificate in ``folder``: made once, reused, the authority replaced when
    it has no name constraints, is valid longer than ``days`` or is near its end; the server's made again when
    the machine's names or addresses are no longer all in it, or it is near its end."""
    if days < 1:
        raise ValueError("--tls-days: the hall's authority is valid at least 1 day")
    folder.mkdir(parents=True, exist_ok=True)
    now = now or dt.datetime.now(dt.timezone.utc)
    ca_created = not (folder / "ca.key").exists() or not (folder / "ca.crt").exists()
    if not ca_created and _needs_ca(folder, now, days):
        old = x509.load_pem_x509_certificate((folder / "ca.crt").read_bytes())
        _write(folder / "replaced.txt", (fingerprint_of(old) + "\n").encode())
        ca_created = True
    if ca_created:
        _make_ca(folder, now, days)
    names, addresses = local_names(extra)
    server_created = ca_created or _needs_server(folder, names, addresses, now)
    if server_created:
        _make_server(folder, names, addresses, now)
    replaced = (folder / "replaced.txt").read_text().strip() if (folder / "replaced.txt").exists() else None
    return Hall(folder, ca_created, server_created, replaced or None)


def _needs_ca(folder: Path, now: dt.datetime, days: int) -> bool:
    """An authority to replace: unreadable, without name constraints (made before issue 26: valid 10 years and
    for any site), valid longer than ``days`` asked, or within ``CA_RENEW_DAYS`` of its end."""
    try:
        ca = x509.load_pem_x509_certificate((folder / "ca.crt").read_bytes())
    except (OSError, ValueError):
        return True
    if constraints(ca) == ([], []):
        return True
    if ca.not_valid_after_utc - ca.not_valid_before_utc > dt.timedelta(days=days + 1):
        return True
    return ca.not_valid_after_utc - now < dt.timedelta(days=CA_RENEW_DAYS)


def _write(path: Path, data: bytes, secret: bool = False) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    if secret:
        os.chmod(tmp, 0o600)
    tmp.replace(path)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _make_ca(folder: Path, now: dt.datetime, days: int = CA_DAYS) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Planilla"),
                      x509.NameAttribute(NameOID.COMMON_NAME, f"Planilla hall authority ({socket.gethostname()})")])
    public = key.public_key()
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(public)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=days))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.NameConstraints(
                permitted_subtrees=[x509.DNSName("localhost"), x509.DNSName(hall_name())]
                + [x509.IPAddress(ipaddress.ip_network(n)) for n in PRIVATE_NETWORKS], excluded_subtrees=None),
                critical=True)
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
    ca = x509.load_pem_x509_certificate((folder / "ca.crt").read_bytes())
    if cert.issuer != ca.subject or cert.not_valid_after_utc > ca.not_valid_after_utc:
        return True
    if cert.not_valid_after_utc - now < dt.timedelta(days=RENEW_DAYS) and cert.not_valid_after_utc < ca.not_valid_after_utc:
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
