"""Forms of the e-mail settings page."""

from __future__ import annotations

from datetime import date, timedelta

from django import forms
from django.utils import timezone

from games.models import Holiday, NotificationPrefs

MAX_HOLIDAY_DAYS = 120  # one holiday, and all of a player's holidays in any twelve months
YEAR = timedelta(days=365)


class PrefsForm(forms.ModelForm):
    class Meta:
        model = NotificationPrefs
        fields = ["mode", "always"]
        labels = {"mode": "Send me", "always": "E-mail me even while I have the game open"}
        widgets = {"mode": forms.RadioSelect}


class HolidayForm(forms.ModelForm):
    class Meta:
        model = Holiday
        fields = ["start", "end"]
        labels = {"start": "First day away", "end": "Last day away"}
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}),
            "end": forms.DateInput(attrs={"type": "date"}),
        }

    def clean(self) -> dict:
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end:
            if end < start:
                raise forms.ValidationError("The last day comes after the first.")
            if end < timezone.now().date():
                raise forms.ValidationError("That holiday is already over.")
            if end - start > timedelta(days=MAX_HOLIDAY_DAYS):
                raise forms.ValidationError(f"A holiday lasts at most {MAX_HOLIDAY_DAYS} days.")
            if _most_days_in_a_year(self.instance.user_id, start, end) > MAX_HOLIDAY_DAYS:
                raise forms.ValidationError(
                    f"Holidays add up to at most {MAX_HOLIDAY_DAYS} days in any twelve months: "
                    "this one would go past that."
                )
        return data


def _most_days_in_a_year(user_id: int, start: date, end: date) -> int:
    """The most holiday days (overlaps counted once) any 365 days would hold with this one added."""
    ranges = [(start, end)] + list(
        Holiday.objects.filter(user_id=user_id, end__gte=start - YEAR, start__lte=end + YEAR).values_list(
            "start", "end"
        )
    )
    days = {first + timedelta(days=n) for first, last in ranges for n in range((last - first).days + 1)}
    # The fullest window begins on some holiday's first day.
    return max(sum(1 for day in days if first <= day < first + YEAR) for first, _ in ranges)
