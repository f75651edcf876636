"""Outbox rows of the host's step were called "flip_due"; the e-mail is "host_step" now."""

from django.db import migrations


def forwards(apps, schema_editor):
    apps.get_model("games", "Notification").objects.filter(kind="flip_due").update(kind="host_step")


def backwards(apps, schema_editor):
    apps.get_model("games", "Notification").objects.filter(kind="host_step").update(kind="flip_due")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_host_and_seats_outlive_accounts"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
