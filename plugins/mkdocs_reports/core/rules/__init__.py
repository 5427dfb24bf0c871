"""(mapped below)"""
