from django.db import migrations, models


def existing_addresses_verified(apps, schema_editor):
    """Accounts made before addresses were verified keep getting their mail: they are counted
    as verified (they have been receiving the site's mail at that address all along)."""
    User = apps.get_model("accounts", "User")
    User.objects.filter(email__isnull=False, is_guest=False).exclude(email="").update(email_verified=True)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_user_time_zone"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="email_verified",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="user",
            name="pending_email",
            field=models.EmailField(blank=True, max_length=254),
        ),
        migrations.RunPython(existing_addresses_verified, migrations.RunPython.noop),
    ]
