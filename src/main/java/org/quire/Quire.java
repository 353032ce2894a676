package org.quire; public class Quire { public static void main(String[] a){} }
