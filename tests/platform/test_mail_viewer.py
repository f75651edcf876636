"""The mail viewer (/dev/mail/): a list of what the site wrote to files, each message shown as a
mail client would (its HTML in a frame with links, or its text with links); only in DEBUG and,
for the computer running it, in the embedded default."""

from __future__ import annotations

import pytest
from django.core.mail import EmailMultiAlternatives, get_connection

pytestmark = pytest.mark.django_db

LINK = "http://games.test/accounts/verify/abc/"


@pytest.fixture
def mailbox(settings, tmp_path):
    settings.EMAIL_FILE_PATH = tmp_path
    connection = get_connection("django.core.mail.backends.filebased.EmailBackend", file_path=str(tmp_path))
    message = EmailMultiAlternatives(
        "Confirm your address", f"Open {LINK}", to=["livia@example.com"], connection=connection
    )
    message.attach_alternative(
        f'<html><head></head><body style="color: #222"><a href="{LINK}">Confirm</a></body></html>',
        "text/html",
    )
    message.send()
    return next(tmp_path.glob("*.log")).name


def test_the_list_and_a_message_read_as_in_a_mail_client(client, settings, mailbox):
    settings.DEBUG = True
    listing = client.get("/dev/mail/").content.decode()
    assert "Confirm your address" in listing and "livia@example.com" in listing
    page = client.get(f"/dev/mail/{mailbox}/0/").content.decode()
    assert "Content-Transfer-Encoding" not in page and "MIME-Version" not in page  # no raw source
    assert f'src="/dev/mail/{mailbox}/0/body/"' in page and "sandbox=" in page
    assert f'<a href="{LINK}"' in page  # the text part's link, clickable
    body = client.get(f"/dev/mail/{mailbox}/0/body/")
    assert body.status_code == 200 and '<base target="_top">' in body.content.decode()
    assert "'unsafe-inline'" in body["Content-Security-Policy"]  # the mail's own styles
    assert "script-src 'none'" in body["Content-Security-Policy"]
    assert body["X-Frame-Options"] == "SAMEORIGIN"


def test_no_such_message_is_a_404(client, settings, mailbox):
    settings.DEBUG = True
    for path in (f"/dev/mail/{mailbox}/7/", "/dev/mail/..%2Fsecret_key/0/", "/dev/mail/nothing.log/0/body/"):
        assert client.get(path).status_code == 404


def test_the_embedded_default_shows_it_to_the_computer_running_the_site_only(client, settings, mailbox):
    settings.DEBUG, settings.EMBEDDED = False, True
    assert client.get("/dev/mail/", REMOTE_ADDR="127.0.0.1").status_code == 200
    assert client.get("/dev/mail/", REMOTE_ADDR="192.0.2.40").status_code == 404  # a phone on the Wi-Fi


def test_production_has_no_mail_viewer(client, settings, mailbox):
    settings.DEBUG, settings.EMBEDDED = False, False
    assert client.get("/dev/mail/", REMOTE_ADDR="127.0.0.1").status_code == 404
    assert client.get(f"/dev/mail/{mailbox}/0/body/", REMOTE_ADDR="127.0.0.1").status_code == 404
