"""Forms of the e-mail settings page."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone

from ..models import Holiday, NotificationPrefs

MAX_HOLIDAY_DAYS = 120


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
        return data
